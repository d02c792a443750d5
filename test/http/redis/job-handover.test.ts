/**
 * A job handle outlives its process: one process submits a long job and gets a pending handle
 * back as JSON; a fresh session in another process resumes it and gets the result. The service
 * charges once.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type Emulator, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallResult, PendingCall } from '../../../src/index.js';
import { type RedisServer, startRedisServer } from '../../support/redis-server.js';
import type { JobStep } from './worker-protocol.js';

const WORKER = fileURLToPath(new URL('./job-worker.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const OPERATION = 'v7_images_text_to_image';

/** Runs one step in a new Node process; the step (with the key) goes on stdin, never in argv. */
async function runStep(step: JobStep): Promise<CallResult> {
  const running = promisify(execFile)(process.execPath, ['--import', 'tsx', WORKER], {
    cwd: ROOT,
    timeout: 45_000,
  });
  running.child.stdin?.end(JSON.stringify(step));
  const { stdout } = await running;
  const line = stdout.split('\n').find((candidate) => candidate.startsWith('{'));
  if (!line) throw new Error(`the ${step.step} step printed no result:\n${stdout}`);
  return JSON.parse(line) as CallResult;
}

let redis: RedisServer;
let emulator: Emulator;

beforeAll(async () => {
  redis = await startRedisServer();
  // Image jobs take 4 s: longer than the submitting call waits.
  emulator = await startEmulator({ seed: 3, jobDurations: { image: 4 } });
}, 30_000);

afterAll(async () => {
  await emulator?.close();
  await redis?.stop();
});

describe('a job handed from one process to another', () => {
  it('is resumed by a fresh session elsewhere from its JSON handle, and charged once', async () => {
    const account = emulator.createAccount({ credits: 50 });
    const shared = {
      baseUrl: emulator.url,
      apiKey: account.apiKey,
      redisUrl: redis.url,
      prefix: 'gentk-test:jobs:',
    };

    const submitted = await runStep({ ...shared, step: 'submit' });
    expect(submitted).toMatchObject({ status: 'processing', operationId: OPERATION, reason: 'deadline' });
    const handle = submitted as PendingCall;
    // The handle travels (to a model, a queue, a workflow engine): it carries no credential.
    expect(JSON.stringify(handle)).not.toContain(account.apiKey);
    const balanceAfterSubmit = emulator.inspect(account.email)!.balance;
    expect(balanceAfterSubmit).toBeLessThan(50); // charged when submitted

    const resumed = await runStep({ ...shared, step: 'resume', handle });
    expect(resumed.status).toBe('success');
    if (resumed.status !== 'success') return;
    expect(resumed.operationId).toBe(OPERATION);
    expect(String(resumed.requestId)).toBe(String(handle.requestId));
    expect(resumed.outputs.length).toBeGreaterThan(0);
    expect(resumed.polls).toBeGreaterThanOrEqual(1); // it asked the service, rather than trusting the handle
    // Its elapsed time counts from the submission in the other process, not from the resume.
    expect(resumed.elapsedMs).toBeGreaterThanOrEqual(4_000);

    const ledger = emulator.inspect(account.email)!;
    expect(ledger.usage.filter((use) => use.operationId === OPERATION)).toHaveLength(1);
    expect(ledger.transactions.filter((entry) => entry.type === 'debit')).toHaveLength(1);
    expect(ledger.balance).toBe(balanceAfterSubmit);
  }, 90_000);
});
