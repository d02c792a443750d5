/**
 * The media viewer's job figures, one arithmetic for a result still processing and a working task
 * (the review of issue 26: `withJobMeta` moved the last report on to now, the task's did not, so
 * the same job showed two different times left).
 */
import { describe, expect, it } from 'vitest';
import { jobFigures, withJobMeta } from '../../../src/adapters/mcp/media-viewer-job.js';
import { JOB_META_KEY } from '../../../src/adapters/mcp/media-viewer-view.js';
import { createTaskResult, decodeTaskId, detailedTask } from '../../../src/adapters/mcp/tool-tasks.js';
import type { ToolPending } from '../../../src/tools/tool-result.js';

const pending: ToolPending = {
  ok: false,
  status: 'processing',
  operationId: 'v7_images_text_to_image',
  requestId: 'req_1',
  retryAfterMs: 3_000,
  hint: '',
};
const T0 = 1_800_000_000_000;

describe('a job as the media viewer follows it', () => {
  it('moves the last report on to now: elapsed grows and the estimate shrinks by the time since', () => {
    const last = { progress: { elapsedMs: 4_000, etaMs: 10_000 }, at: T0 };
    expect(jobFigures({ pending, last, now: T0 + 2_000 })).toEqual({
      operationId: 'v7_images_text_to_image',
      requestId: 'req_1',
      elapsedMs: 6_000,
      etaMs: 8_000,
    });
  });

  it('counts from the submission when that is longer, and never below zero', () => {
    const last = { progress: { elapsedMs: 1_000, etaMs: 500 }, at: T0 };
    expect(jobFigures({ pending, last, submittedAt: T0 - 9_000, now: T0 + 1_000 })).toMatchObject({
      elapsedMs: 10_000,
      etaMs: 0,
    });
    // A report stamped after now (clocks of two instances) takes nothing off.
    expect(jobFigures({ pending, last, now: T0 - 50 })).toMatchObject({ elapsedMs: 1_000, etaMs: 500 });
  });

  it("with no estimate says the service's advice on when to look, and no elapsed time it does not know", () => {
    expect(jobFigures({ pending, now: T0 })).toEqual({
      operationId: 'v7_images_text_to_image',
      requestId: 'req_1',
      etaMs: 3_000,
    });
    const last = { progress: { elapsedMs: 2_000 }, at: T0 };
    expect(jobFigures({ pending, last, now: T0 + 500 })).toMatchObject({ elapsedMs: 2_500, etaMs: 3_000 });
  });

  it('is the same for a result still processing and for the working task of that job', () => {
    const last = { progress: { elapsedMs: 4_000, etaMs: 10_000 }, at: T0 };
    const now = T0 + 2_500;
    const result = withJobMeta({ content: [] }, pending, last, now);
    // The task started when the job was submitted, as the poller saw it.
    const task = createTaskResult(pending, T0 - 4_000, now, 30_000, last);
    expect(task._meta[JOB_META_KEY]).toEqual(result._meta?.[JOB_META_KEY]);
    expect(task.statusMessage).toBe(
      'v7_images_text_to_image job req_1: processing for 7 s, about 8 s left; next look in about 3 s',
    );
    const job = decodeTaskId(task.taskId);
    if (!job) throw new Error('no job in the task id');
    const looked = detailedTask(task.taskId, job, now, 30_000, { result: pending, callResult: {}, last });
    expect('_meta' in looked && looked._meta[JOB_META_KEY]).toEqual(result._meta?.[JOB_META_KEY]);
  });
});
