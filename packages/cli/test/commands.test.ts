import { join } from 'node:path';
import { type Emulator, type EmulatorAccount, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCliProcess } from '../../../test/support/cli.js';
import { useTemporaryFolder } from '../../../test/support/temporary-folders.js';

// Each test starts real gentk processes (through tsx): allow for a loaded two-core machine.
vi.setConfig({ testTimeout: 90_000 });

const CANARY = 'canary-cli-Passw0rd';
let emulator: Emulator;
let account: EmulatorAccount;
let env: Record<string, string>;
const tokenStoreFolder = useTemporaryFolder('gentk-cli-');

beforeAll(async () => {
  emulator = await startEmulator({
    timeScale: 0.001,
    rateLimits: { auth: { limit: 1000, windowSeconds: 60 } },
  });
  account = emulator.createAccount({ password: CANARY });
  env = {
    GENTK_BASE_URL: emulator.url,
    GENTK_TOKEN_STORE: join(tokenStoreFolder.path, 'tokens.json'),
    GENTK_API_KEY: account.apiKey,
  };
});
afterAll(() => emulator.close());

const gentk = (args: string[], extra: Record<string, string> = {}) =>
  runCliProcess(args, { env: { ...env, ...extra } });
const parse = (stdout: string) => JSON.parse(stdout) as Record<string, unknown>;

describe('gentk discover, scopes and tools', () => {
  it('discover --json summarises the service as JSON', async () => {
    const result = await gentk(['discover', '--json']);
    expect(result.code).toBe(0);
    const summary = parse(result.stdout);
    expect(summary.operations).toBe(208);
    expect(
      (summary.surfaces as { operations: number }[])
        .map((surface) => surface.operations)
        .sort((a, b) => a - b),
    ).toEqual([75, 133]);
    expect((summary.runbook as { kind: string }[]).map((step) => step.kind)).toContain('token-exchange');
  });

  it('scopes prints the minimum scope set for ids and categories', async () => {
    const result = await gentk(['scopes', '--ops', 'get_wallet_balance,teams', '--json']);
    expect(parse(result.stdout).scopes).toEqual(['teams:read', 'teams:write', 'wallet:read']);
    const unknown = await gentk(['scopes', '--ops', 'get_wallet_balanse']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/Did you mean "get_wallet_balance"/);
  });

  it('tools lists what an agent would get with its token footprint, in each mode', async () => {
    const typed = parse((await gentk(['tools', '--mode', 'typed', '--json'])).stdout);
    const dynamic = parse(
      (await gentk(['tools', '--mode', 'dynamic', '--schema', 'gemini', '--json'])).stdout,
    );
    expect((typed.tools as unknown[]).length).toBeGreaterThan(130);
    expect((dynamic.tools as { name: string }[]).map((tool) => tool.name).sort()).toEqual([
      'call_operation',
      'describe_operation',
      'resume_job',
      'search_operations',
    ]);
    expect(typed.tokens as number).toBeGreaterThan((dynamic.tokens as number) * 20);
  });
});

describe('gentk call and resume', () => {
  it('calls with checked input, shows progress on stderr only, and prints JSON that parses', async () => {
    const result = await gentk([
      'call',
      'v7_images_text_to_image',
      '--input',
      '{"model_id":"flux-dev","prompt":"a fox"}',
      '--json',
    ]);
    expect(result.code).toBe(0);
    const answer = parse(result.stdout);
    expect(answer.status).toBe('success');
    expect((answer.outputs as { mediaType: string }[])[0]?.mediaType).toBe('image/png');
    expect(result.stderr, result.stdout.slice(-300)).toMatch(/processing/);
    expect(result.stderr).not.toContain('\u001b[');
  });

  it('hands back a job still running past --wait-seconds with exit 7, one asked for with --no-wait with 0, and resume finishes it', async () => {
    const late = await gentk([
      'call',
      'v8_video_text_to_video',
      '--input',
      '{"model_id":"veo-3","prompt":"waves"}',
      '--wait-seconds',
      '0.01',
      '--json',
    ]);
    expect(late.code).toBe(7);
    expect(parse(late.stdout)).toMatchObject({ status: 'processing', reason: 'deadline' });
    const pending = await gentk([
      'call',
      'v8_video_text_to_video',
      '--input',
      '{"model_id":"veo-3","prompt":"waves"}',
      '--no-wait',
      '--json',
    ]);
    expect(pending.code).toBe(0);
    const job = parse(pending.stdout);
    expect(job).toMatchObject({ status: 'processing', reason: 'not-waited' });
    const done = await gentk(['resume', 'v8_video_text_to_video', String(job.requestId), '--json']);
    expect(done.code).toBe(0);
    expect(parse(done.stdout).status).toBe('success');
  });

  it('gives each failure class its exit code, never printing a secret', async () => {
    const [usage, invalidInput, badJson, auth, scope, payment] = await Promise.all([
      gentk(['call']),
      gentk(['call', 'v7_images_text_to_image', '--input', '{"prompt": 5}']),
      gentk(['call', 'v7_images_text_to_image', '--input', '{prompt']),
      gentk(['call', 'get_me', '--token', 'gat_not-a-real-token', '--json']),
      gentk(['call', 'get_me'], { GENTK_EMAIL: account.email, GENTK_PASSWORD: CANARY }),
      gentk(['call', 'v8_video_text_to_video', '--input', '{"model_id":"veo-3","prompt":"x"}'], {
        GENTK_API_KEY: emulator.createAccount({ credits: 0 }).apiKey,
      }),
    ]);
    const runs = { usage, invalidInput, badJson, auth, scope, payment };
    expect(runs.usage.code).toBe(2);
    expect(runs.invalidInput.code).toBe(9);
    expect(runs.invalidInput.stderr).toMatch(/model_id is required/);
    expect(runs.badJson.code).toBe(2);
    expect(runs.auth.code).toBe(3);
    expect(parse(runs.auth.stdout).error).toMatchObject({ code: 'authentication_failed' });
    expect(runs.scope.code).toBe(0);
    expect(runs.payment.code).toBe(6);
    for (const run of Object.values(runs)) {
      expect(run.stdout + run.stderr).not.toContain(CANARY);
      expect(run.stdout + run.stderr).not.toContain(account.apiKey);
    }
  });
});

describe('gentk register', () => {
  it('registers through the runbook with the emulator mailbox, stores the token, and later calls use it', async () => {
    const email = `cli-${Date.now()}@example.test`;
    const registered = await gentk(
      ['register', '--email', email, '--mailbox', '--ops', 'get_wallet_balance', '--json'],
      {
        GENTK_PASSWORD: CANARY,
        GENTK_API_KEY: '',
      },
    );
    expect(registered.code).toBe(0);
    expect(parse(registered.stdout).scopes).toMatchObject({ granted: ['wallet:read'] });
    const balance = await gentk(['call', 'get_wallet_balance', '--email', email, '--json'], {
      GENTK_API_KEY: '',
    });
    expect(balance.code).toBe(0);
    const outside = await gentk(['call', 'get_me', '--email', email], { GENTK_API_KEY: '' });
    expect(outside.code).toBe(4);
    expect(outside.stderr).toMatch(/profile:read/);
    expect(registered.stdout + registered.stderr).not.toContain(CANARY);
  });

  it('refuses to register without a way to read the code when there is no terminal', async () => {
    const result = await gentk(['register', '--email', 'x@example.test'], { GENTK_PASSWORD: CANARY });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--code-command or --mailbox/);
  });
});
