/**
 * The job poller declares its polls follow-ups of accepted work and tells the rate-limit governor
 * when each is due, so that the governor serves them before new submissions and holds a submission
 * that arrives just before them (`test/http/governor-follow-ups.test.ts` has the governor's side).
 */
import { describe, expect, it } from 'vitest';
import type { RequestPriority } from '../../src/http/index.js';
import { awaitGeneration } from '../../src/jobs/index.js';
import { jobBed, VIDEO as video } from './support/job-bed.js';

describe('the job poller and the governor', () => {
  const beds = jobBed({ jobDurations: { video: 30 } });

  it('announces each poll at the moment it is sent, and sends it as a follow-up', async () => {
    const { bed, client } = beds;
    const { governor } = client;
    const announced: number[] = [];
    const acquired: Array<{ at: number; priority: RequestPriority | undefined; path: string }> = [];
    const expectFollowUp = governor.expectFollowUp.bind(governor);
    const acquire = governor.acquire.bind(governor);
    governor.expectFollowUp = (url, at) => {
      announced.push(at);
      expectFollowUp(url, at);
    };
    governor.acquire = (url, options) => {
      acquired.push({ at: bed.clock.now(), priority: options?.priority, path: url.pathname });
      return acquire(url, options);
    };
    const response = await client.request(video);
    const outcome = await awaitGeneration({ client, response, submittedUrl: video.url, category: 'video' });
    expect(outcome.status).toBe('success');
    const polls = acquired.filter((request) => request.path !== video.url);
    expect(acquired[0]).toMatchObject({ path: video.url, priority: undefined });
    expect(polls.length).toBeGreaterThan(0);
    expect(polls.every((poll) => poll.priority === 'follow-up')).toBe(true);
    // Each poll went at a moment the poller had announced.
    expect(polls.map((poll) => poll.at)).toEqual(announced.slice(0, polls.length));
  });
});
