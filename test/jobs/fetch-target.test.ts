import { describe, expect, it } from 'vitest';
import { fetchTargetFor, readJobAnswer } from '../../src/jobs/index.js';

const submittedUrl = 'https://api.example.test/api/v6/video/text2video';

describe('fetchTargetFor', () => {
  it('prefers a same-origin fetch_result with the id in its path', () => {
    const answer = readJobAnswer({
      status: 'processing',
      id: 77,
      fetch_result: 'https://api.example.test/api/v6/video/fetch/77',
    });
    expect(fetchTargetFor({ answer, submittedUrl })).toEqual({
      style: 'path',
      url: 'https://api.example.test/api/v6/video/fetch/77',
      requestId: 77,
    });
  });

  it('reads a fetch_result without the id as the body style', () => {
    const answer = readJobAnswer({
      status: 'processing',
      id: '5',
      fetch_result: 'https://api.example.test/api/v6/voice/fetch',
    });
    expect(fetchTargetFor({ answer, submittedUrl })).toMatchObject({ style: 'body', requestId: '5' });
  });

  it('ignores a fetch_result on another origin and uses the discovered fetch operation', () => {
    const answer = readJobAnswer({
      status: 'processing',
      id: 3,
      fetch_result: 'https://evil.example/api/v6/video/fetch/3',
    });
    const target = fetchTargetFor({
      answer,
      submittedUrl,
      fetch: { path: '/api/v6/video/fetch/{id}', style: 'path', operationId: 'v6_video_fetch_id' },
    });
    expect(target).toEqual({
      style: 'path',
      url: 'https://api.example.test/api/v6/video/fetch/3',
      requestId: 3,
      operationId: 'v6_video_fetch_id',
    });
  });

  it('accepts a fetch_result on another trusted origin', () => {
    const answer = readJobAnswer({
      status: 'processing',
      id: 3,
      fetch_result: 'https://cdn.example.test/fetch/3',
    });
    expect(fetchTargetFor({ answer, submittedUrl, trustedOrigins: ['https://cdn.example.test'] })?.url).toBe(
      'https://cdn.example.test/fetch/3',
    );
  });

  it('builds the body style from discovery', () => {
    const answer = readJobAnswer({ status: 'processing', id: 'abc' });
    expect(
      fetchTargetFor({ answer, submittedUrl, fetch: { path: '/api/v6/images/fetch', style: 'body' } }),
    ).toEqual({
      style: 'body',
      url: 'https://api.example.test/api/v6/images/fetch',
      requestId: 'abc',
    });
  });

  it('says nothing when neither source knows, or when there is no id', () => {
    expect(
      fetchTargetFor({ answer: readJobAnswer({ status: 'processing', id: 1 }), submittedUrl }),
    ).toBeUndefined();
    expect(
      fetchTargetFor({
        answer: readJobAnswer({ status: 'processing', fetch_result: submittedUrl }),
        submittedUrl,
      }),
    ).toBeUndefined();
    expect(
      fetchTargetFor({
        answer: readJobAnswer({ status: 'processing', id: 1, fetch_result: 'javascript:alert(1)' }),
        submittedUrl,
      }),
    ).toBeUndefined();
  });
});
