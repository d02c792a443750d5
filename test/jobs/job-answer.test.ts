import { describe, expect, it } from 'vitest';
import { readJobAnswer } from '../../src/jobs/index.js';
import { parkedAnswer } from '../../src/jobs/job-answer.js';

describe('readJobAnswer', () => {
  it('reads a processing answer, keeping an integer id as an integer', () => {
    const answer = readJobAnswer({
      status: 'processing',
      id: 180000001,
      eta: 12,
      fetch_result: 'https://x/f',
      future_links: ['https://x/a.png'],
    });
    expect(answer).toMatchObject({
      state: 'processing',
      id: 180000001,
      etaMs: 12_000,
      fetchResult: 'https://x/f',
      futureLinks: ['https://x/a.png'],
    });
  });

  it('keeps a string id as a string, and reads an eta sent as a string', () => {
    expect(readJobAnswer({ status: 'processing', id: '42', eta: '7.5' })).toMatchObject({
      id: '42',
      etaMs: 7_500,
    });
  });

  it('falls back to request_id and training_id', () => {
    expect(readJobAnswer({ status: 'queued', request_id: 'r1' }).id).toBe('r1');
    expect(readJobAnswer({ status: 'training', training_id: 9 })).toMatchObject({
      state: 'processing',
      id: 9,
    });
  });

  it.each(['success', 'succeeded', 'COMPLETED', 'done'])('reads %s as success', (status) => {
    expect(readJobAnswer({ status, output: ['u'] }).state).toBe('success');
  });

  it('reads the legacy messege of a failed job', () => {
    expect(readJobAnswer({ status: 'failed', messege: 'GPU fell over' })).toMatchObject({
      state: 'failed',
      message: 'GPU fell over',
    });
    expect(readJobAnswer({ status: 'error', message: 'bad' }).state).toBe('failed');
  });

  it('treats an unknown status as a failure, as the spec tells clients to', () => {
    expect(readJobAnswer({ status: 'weird' }).state).toBe('failed');
  });

  it('reads an answer without status by its results', () => {
    expect(readJobAnswer({ choices: [] }).state).toBe('success');
    expect(readJobAnswer({}).state).toBe('failed');
    expect(readJobAnswer('nope').state).toBe('failed');
  });

  it('ignores ids and etas that are not usable', () => {
    const answer = readJobAnswer({ status: 'processing', id: '', eta: -3 });
    expect(answer.id).toBeUndefined();
    expect(answer.etaMs).toBeUndefined();
  });
});

describe('parkedAnswer', () => {
  it('reads back as the same state, id and eta, and keeps nothing else of the answer', () => {
    const answers: unknown[] = [
      { status: 'processing', id: 42, eta: 12.5, tip: 'long text', future_links: ['https://cdn.test/a'] },
      { status: 'queued', request_id: '180000604', eta: '3', message: 'Request processing.' },
      { status: 'processing', training_id: 'tr-1' },
      { status: 'in_progress', id: 7, eta: 0.0015 },
      { status: 'processing', eta: 61 },
    ];
    for (const body of answers) {
      const answer = readJobAnswer(body);
      const parked = parkedAnswer(answer);
      const again = readJobAnswer(parked);
      expect({ state: again.state, id: again.id, etaMs: again.etaMs }).toEqual({
        state: answer.state,
        id: answer.id,
        etaMs: answer.etaMs,
      });
      expect(Object.keys(parked as object).length).toBeLessThanOrEqual(3);
    }
  });
});
