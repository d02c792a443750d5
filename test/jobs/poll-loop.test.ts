import { ManualClock } from 'generation-agent-toolkit-emulator';
import { describe, expect, it } from 'vitest';
import { GenerationFailedError, ServerError } from '../../src/http/index.js';
import { type FetchTarget, pollJob } from '../../src/jobs/index.js';
import { createVirtualClock } from '../support/virtual-clock.js';

const target: FetchTarget = { style: 'path', url: 'https://api.test/api/v7/images/fetch/9', requestId: '9' };

/** A poll loop on virtual time whose fetches answer from a script; records when each fetch came. */
function scripted(answers: Array<unknown | Error>) {
  const clock = createVirtualClock(new ManualClock(0));
  const fetchedAt: number[] = [];
  const fetchStatus = async () => {
    fetchedAt.push(clock.now());
    const answer = answers[Math.min(fetchedAt.length - 1, answers.length - 1)];
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { clock, fetchedAt, fetchStatus };
}

const processing = (eta?: number) => ({
  status: 'processing',
  id: '9',
  ...(eta !== undefined ? { eta } : {}),
});

describe('pollJob', () => {
  it('returns at once when the submission already finished', async () => {
    const { clock, fetchStatus, fetchedAt } = scripted([]);
    const outcome = await pollJob({
      first: { status: 'success', output: ['u'] },
      target: undefined,
      fetchStatus,
      clock,
    });
    expect(outcome).toMatchObject({ status: 'success', polls: 0 });
    expect(fetchedAt).toEqual([]);
  });

  it('keeps counting the eta from its answer when a poll fails', async () => {
    const { clock, fetchStatus, fetchedAt } = scripted([
      processing(20),
      new ServerError({ method: 'POST', url: target.url, message: 'down', httpStatus: 503 }),
      { status: 'success', output: ['u'] },
    ]);
    const outcome = await pollJob({ first: processing(10), target, fetchStatus, clock, category: 'image' });
    expect(outcome.status).toBe('success');
    // 10 s eta (+0.5 s margin); then the answer's 20 s eta; after the failed poll, the backed-off interval only.
    expect(fetchedAt).toEqual([10_500, 31_000, 38_500]);
  });

  it('throws why a job failed, with its id', async () => {
    const { clock, fetchStatus } = scripted([
      { status: 'failed', messege: 'NSFW content detected', id: '9' },
    ]);
    const error = await pollJob({ first: processing(1), target, fetchStatus, clock }).catch(
      (caught: unknown) => caught,
    );
    expect(GenerationFailedError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ jobId: '9' });
    expect((error as Error).message).toContain('NSFW content detected');
  });

  it('hands back the job when the deadline comes first, with the wait left', async () => {
    const { clock, fetchStatus } = scripted([processing(100)]);
    const outcome = await pollJob({
      first: processing(5),
      target,
      fetchStatus,
      clock,
      category: 'image',
      deadlineMs: 60_000,
    });
    expect(outcome).toMatchObject({
      status: 'processing',
      reason: 'deadline',
      requestId: '9',
      fetch: target,
    });
    if (outcome.status !== 'processing') return;
    expect(outcome.retryAfterMs).toBe(100_500);
    expect(outcome.notBefore).toBe(clock.now() + 100_500);
  });

  it('stops when the caller aborts', async () => {
    const { clock, fetchStatus } = scripted([processing(5)]);
    const controller = new AbortController();
    const pending = pollJob({ first: processing(5), target, fetchStatus, clock, signal: controller.signal });
    controller.abort(new Error('user cancelled'));
    await expect(pending).rejects.toThrow('user cancelled');
  });

  it('releases the job slot however it ends', async () => {
    const { clock, fetchStatus } = scripted([{ status: 'error', message: 'bad' }]);
    let released = 0;
    await pollJob({
      first: processing(1),
      target,
      fetchStatus,
      clock,
      jobSlot: { release: () => (released += 1) },
    }).catch(() => {});
    expect(released).toBe(1);
  });

  it('reports progress after the submission and after each poll', async () => {
    const { clock, fetchStatus } = scripted([processing(3), { status: 'success', output: [] }]);
    const reports: unknown[] = [];
    await pollJob({
      first: processing(2),
      target,
      fetchStatus,
      clock,
      category: 'audio',
      onProgress: (report) => reports.push(report),
    });
    expect(reports).toEqual([
      { status: 'processing', requestId: '9', elapsedMs: 0, attempt: 0, etaMs: 2_000 },
      { status: 'processing', requestId: '9', elapsedMs: 2_500, attempt: 1, etaMs: 3_000 },
      { status: 'success', requestId: '9', elapsedMs: 6_000, attempt: 2 },
    ]);
  });
});
