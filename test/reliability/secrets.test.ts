/**
 * Secrets: a canary key, token, password and verification code, and every key, token and code the
 * emulator issues on the way, threaded through registration, login, rotation, refusals (401, 403,
 * invalid arguments), a failed job, a rate-limited call, a resumable handle, the AI SDK tools, the
 * HTTP events, `console.*` and the CLI. None may appear in any output, error, log or tool result.
 *
 * Each text is checked twice: by the collector as it is produced (against the secrets known then),
 * and again after each step against every secret known by then, since some (a mailed code, a key
 * made at registration) are learnt only after texts that could have shown them.
 */
import { join } from 'node:path';
import { type ToolSet as AISDKToolSet, generateText, isStepCount } from 'ai';
import { type Emulator, type ManualClock, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../packages/cli/src/run.js';
import { createAISDKTools } from '../../src/adapters/ai-sdk.js';
import {
  type ConnectOptions,
  connect,
  RegistrationError,
  type Session,
  type StoredToken,
  type TokenStore,
} from '../../src/auth/index.js';
import type { CallResult } from '../../src/calls/index.js';
import { discover } from '../../src/discovery/discover.js';
import type { ServiceDescription } from '../../src/discovery/service-description.js';
import {
  AuthenticationError,
  createUndiciTransport,
  GenerationFailedError,
  InsufficientScopeError,
  RateLimitedError,
} from '../../src/http/index.js';
import { createToolSpecs, type ToolResult } from '../../src/tools/index.js';
import { scriptedModel } from '../adapters/ai-sdk/support/scripted-model.js';
import { toolFor } from '../adapters/ai-sdk/support/tool-names.js';
import { temporaryFolderForTest } from '../support/temporary-folders.js';
import { createVirtualClock, type VirtualClock } from '../support/virtual-clock.js';
import { CANARIES, CANARY_CODE, CANARY_KEY, CANARY_PASSWORD, CANARY_TOKEN } from './support/canaries.js';
import { renderedForms, SecretCollector } from './support/secret-collector.js';
import { secretRecordingStore } from './support/secret-recording-store.js';
import { watchFile } from './support/watch-file.js';

// No log of the AI SDK on the console: the collector watches it, and the SDK's warnings are not ours.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const EMAIL = 'canary-agent@example.test';
const IMAGE = 'v7_images_text_to_image';
const V6_IMAGE = 'v6_images_text2img';
const OPERATIONS = [IMAGE, V6_IMAGE, 'v7_models', 'get_wallet_balance', 'get_me'];

let emulator: Emulator;
let service: ServiceDescription;
let clock: VirtualClock;
let closeTransport: () => Promise<void>;
let registered: Session;
let loggedIn: Session;
/** A session holding the canary key, which the service refuses. */
let withCanaryKey: Session;
const sessions: Session[] = [];
const collector = new SecretCollector();
const watch = watchFile(collector);
/** Every text the suite saw, kept to be checked again at the end: `[source, text]`. */
const captured: Array<readonly [string, string]> = [];
/** Each token the sessions kept (their stores register them as secrets too). */
const tokensKept: StoredToken[] = [];
/** Answers to logins and rotations, `operation status`. */
const renewals: string[] = [];

function capture(source: string, value: unknown): void {
  collector.record(source, value);
  captured.push([source, renderedForms(value).join('\n')]);
}

/** Captures what a call ended with: its result, or its error. */
async function outcomeOf<T>(source: string, work: Promise<T>): Promise<T | unknown> {
  try {
    const value = await work;
    capture(source, value);
    return value;
  } catch (error) {
    capture(source, error);
    return error;
  }
}

function keepingStore(): TokenStore {
  const inner = secretRecordingStore(collector);
  return {
    load: (key) => inner.load(key),
    save: (key, token) => {
      tokensKept.push(token);
      return inner.save(key, token);
    },
    delete: (key) => inner.delete(key),
  };
}

/** A session on virtual time whose every event and warning is captured. */
async function session(options: Omit<ConnectOptions, 'service' | 'http' | 'tokenStore'>): Promise<Session> {
  const created = await connect({
    service,
    tokenStore: keepingStore(),
    tokenExpiry: '1_week',
    // Chosen by a filter, not named by id, so that dynamic mode keeps them behind call_operation.
    operations: { all: true, where: (operation) => OPERATIONS.includes(operation.id) },
    ...options,
    http: {
      clock,
      transport: transport(),
      onEvent: (event) => {
        capture('http event', event);
        if (event.type === 'response' && (event.operationId === 'login' || event.operationId === 'refresh'))
          renewals.push(`${event.operationId} ${event.status}`);
      },
      onWarning: (warning) => capture('warning', warning),
    },
  });
  sessions.push(created);
  return created;
}

let transport: () => ReturnType<typeof createUndiciTransport>['transport'];

/** The newest verification code the emulator mailed to `email`: a secret from the moment it is read. */
function codeFromMailbox(email: string): string {
  const code = emulator
    .mailbox(email)
    .filter((message) => message.kind === 'verification')
    .at(-1)?.code;
  if (!code) throw new Error(`no verification code was mailed to ${email}`);
  collector.addSecret(code);
  return code;
}

/** Runs gentk in this process with `env`, capturing everything it writes. */
async function gentk(args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  let output = '';
  const write = (chunk: unknown) => {
    output += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString();
    return true;
  };
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(write);
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(write);
  try {
    const code = await runCli(args);
    return { code, output };
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    capture(`gentk ${args[0]}`, output);
  }
}

let checkedLeaks = 0;
let checkedTexts = 0;

/**
 * No secret known now in any text captured since the last check (or in any text at all, for the
 * final check): each test answers for what it produced, and the last one for everything.
 */
function expectNothingLeaked(scope: 'since last check' | 'everything' = 'since last check'): void {
  const from = scope === 'everything' ? { leaks: 0, texts: 0 } : { leaks: checkedLeaks, texts: checkedTexts };
  const leaks = collector.leaks().slice(from.leaks);
  const texts = captured.slice(from.texts);
  // Moved on before asserting, so that one leak fails only the test that produced it.
  checkedLeaks = collector.leaks().length;
  checkedTexts = captured.length;
  expect(leaks).toEqual([]);
  for (const secret of new Set([...CANARIES, ...collector.secrets])) {
    const where = texts.filter(([, text]) => text.includes(secret)).map(([source]) => source);
    expect(where, `texts that show the secret ${secret.slice(0, 6)}...`).toEqual([]);
  }
}

beforeAll(async () => {
  emulator = await startEmulator({
    clock: 'manual',
    timeScale: 0.001,
    rateLimits: { auth: { limit: 1_000, windowSeconds: 60 } },
  });
  service = await discover(emulator.url);
  clock = createVirtualClock(emulator.clock as ManualClock);
  const undici = createUndiciTransport();
  closeTransport = undici.close;
  const wrapped = clock.wrap(undici.transport);
  transport = () => wrapped;
}, 30_000);

afterAll(async () => {
  for (const open of sessions) await open.close().catch(() => undefined);
  await closeTransport?.();
  await emulator?.close();
});

describe('secrets never leave: canaries threaded through every path', () => {
  it('the check catches a planted leak (or it would prove nothing)', () => {
    const planted = new SecretCollector();
    planted.record('planted error', new Error('refused', { cause: new Error(`token ${CANARY_TOKEN}`) }));
    planted.record('planted url', `https://example.test/?key=${encodeURIComponent(CANARY_KEY)}`);
    expect(new Set(planted.leaks().map((leak) => leak.source))).toEqual(
      new Set(['planted error', 'planted url']),
    );
    expect(new SecretCollector().leaks()).toEqual([]);
  });

  it('registration through the runbook: a wrong code is refused unquoted, the mailed code is never shown', async () => {
    const refused = await outcomeOf(
      'registration with a wrong code',
      session({ auth: { register: { email: EMAIL, password: CANARY_PASSWORD, claim: () => CANARY_CODE } } }),
    );
    expect(RegistrationError.isInstance(refused)).toBe(true);
    registered = await session({
      auth: {
        register: {
          email: EMAIL,
          password: CANARY_PASSWORD,
          claim: ({ email }) => codeFromMailbox(email),
          createKey: 'canary-agent',
        },
      },
    });
    capture('registration notices', registered.notices);
    expect(tokensKept.at(-1)?.apiKey, 'the key created for the agent').toBeDefined();
    await outcomeOf('balance after registration', registered.call('get_wallet_balance', {}));
    expectNothingLeaked();
  });

  it('login with the canary password, then a rotation when the token falls due', async () => {
    loggedIn = await session({ auth: { email: EMAIL, password: CANARY_PASSWORD } });
    const expiresAt = Date.parse(tokensKept.at(-1)?.expiresAt ?? '');
    // Idle on virtual time until the token is within its renewal margin (five minutes).
    await clock.sleep(expiresAt - 120_000 - clock.now());
    await outcomeOf('balance after idling', loggedIn.call('get_wallet_balance', {}));
    expect(renewals).toContain('refresh 200');
    expectNothingLeaked();
  });

  it('401 for a canary key and a canary token, 403 for a token without the scope', async () => {
    withCanaryKey = await session({ apiKey: CANARY_KEY });
    const keyRefused = await outcomeOf('call with the canary key', withCanaryKey.call('v7_models', {}));
    expect(AuthenticationError.isInstance(keyRefused)).toBe(true);
    const tools = createToolSpecs(withCanaryKey, { mode: 'typed' });
    const toolRefused = (await outcomeOf(
      'tool with the canary key',
      tools.tool('v7_models')!.execute({}),
    )) as ToolResult;
    expect(toolRefused).toMatchObject({ ok: false, code: 'authentication_failed' });

    const withCanaryToken = await session({
      auth: { token: CANARY_TOKEN, scopes: ['wallet:read'] },
      operations: { ids: ['get_wallet_balance'] },
    });
    const tokenRefused = await outcomeOf(
      'call with the canary token',
      withCanaryToken.call('get_wallet_balance', {}),
    );
    expect(AuthenticationError.isInstance(tokenRefused)).toBe(true);

    // A real token of the account, with only wallet:read, given without its scopes.
    const narrow = await session({
      auth: { email: EMAIL, password: CANARY_PASSWORD },
      operations: { ids: ['get_wallet_balance'] },
    });
    const narrowToken = tokensKept.at(-1)!.accessToken;
    const withNarrowToken = await session({ auth: { token: narrowToken }, operations: { ids: ['get_me'] } });
    const scopeRefused = await outcomeOf('call beyond the scopes', withNarrowToken.call('get_me', {}));
    expect(InsufficientScopeError.isInstance(scopeRefused)).toBe(true);
    capture('narrow session', narrow.scopes);
    expectNothingLeaked();
  });

  it('arguments refused before sending do not quote a secret the model typed into them', async () => {
    const apiKey = tokensKept.find((token) => token.apiKey)?.apiKey ?? '';
    // Values of the wrong type, which the refusal describes: a model pasted secrets into them.
    const typedIn = { model_id: { key: apiKey }, prompt: ['a fox', CANARY_PASSWORD] };
    const refused = await outcomeOf('invalid arguments', registered.call(IMAGE, typedIn));
    expect((refused as { code?: string }).code).toBe('invalid_arguments');
    const tools = createToolSpecs(registered, { mode: 'dynamic' });
    const viaTool = (await outcomeOf(
      'invalid arguments through call_operation',
      tools.tool('call_operation')!.execute({ operation: IMAGE, arguments: typedIn }),
    )) as ToolResult;
    expect(viaTool).toMatchObject({ ok: false, code: 'invalid_arguments' });
    const unknown = (await outcomeOf(
      'a secret typed as an operation name',
      tools.tool('describe_operation')!.execute({ operation: CANARY_PASSWORD }),
    )) as ToolResult;
    expect(unknown).toMatchObject({ ok: false, code: 'invalid_arguments' });
    expectNothingLeaked();
  });

  it('a failed job, a rate-limited call and resumable handles (v6 fetches with the key in the body)', async () => {
    emulator.faults.set({ jobFailureRate: 1 });
    const failed = await outcomeOf(
      'failed job',
      registered.call(IMAGE, { model_id: 'flux-dev', prompt: 'a lighthouse' }, { wait: 30_000 }),
    );
    expect(GenerationFailedError.isInstance(failed)).toBe(true);

    emulator.faults.set({ rules: [{ kind: 'rate-limited', match: 'v7_models', times: 10 }] });
    const limited = await outcomeOf('rate-limited call', registered.call('v7_models', {}));
    expect(RateLimitedError.isInstance(limited)).toBe(true);

    emulator.faults.set({ stuckJobRate: 1 });
    for (const operationId of [IMAGE, V6_IMAGE]) {
      const pending = (await outcomeOf(
        `handle of ${operationId}`,
        registered.call(operationId, { model_id: 'flux-dev', prompt: 'a fox' }, { wait: 2_000 }),
      )) as CallResult;
      expect(pending.status).toBe('processing');
      const stored = JSON.stringify(pending);
      capture(`stored handle of ${operationId}`, stored);
      const resumed = (await outcomeOf(
        `resumed handle of ${operationId}`,
        registered.resume(JSON.parse(stored), { wait: 2_000 }),
      )) as CallResult;
      expect(resumed.status).toBe('processing');
    }
    const tools = createToolSpecs(registered, { mode: 'typed', waitMs: 2_000 });
    const handedBack = (await outcomeOf(
      'tool result of a job still running',
      tools.tool(V6_IMAGE)!.execute({ prompt: 'a fox' }),
    )) as ToolResult;
    expect(handedBack.status).toBe('processing');
    emulator.faults.clear();
    expectNothingLeaked();
  });

  it('AI SDK tool results and everything the model is sent hold no secret', async () => {
    emulator.faults.set({ stuckJobRate: 0, jobFailureRate: 0 });
    const tools: AISDKToolSet = createAISDKTools(registered, { mode: 'typed', waitMs: 30_000 });
    const refusing = createAISDKTools(withCanaryKey, { mode: 'typed' });
    const model = scriptedModel([
      {
        toolCalls: [
          { tool: toolFor(tools, IMAGE), input: { model_id: 'flux-dev', prompt: 'a harbour' } },
          { tool: toolFor(tools, 'get_wallet_balance'), input: {} },
          { tool: toolFor(tools, IMAGE), input: { prompt: [CANARY_PASSWORD], model_id: 7 } },
          { tool: 'canary_key_models', input: {} },
        ],
      },
      { text: 'Done.' },
    ]);
    const result = await generateText({
      model,
      tools: { ...tools, canary_key_models: refusing[toolFor(refusing, 'v7_models')]! },
      stopWhen: isStepCount(3),
      prompt: 'Draw a harbour and tell me my balance.',
    });
    // What the toolkit adds to the conversation: tool results and tool errors. The model's own tool
    // calls (where it typed the password) are its words, not an output of the toolkit.
    const outputs = result.steps.flatMap((step) => step.toolResults.map((part) => part.output));
    const errors = result.steps.flatMap((step) =>
      step.content.flatMap((part) => (part.type === 'tool-error' ? [part.error] : [])),
    );
    capture('AI SDK tool results', outputs);
    capture('AI SDK tool errors', errors);
    capture(
      'tool results the model was sent',
      model.doGenerateCalls.flatMap((call) => call.prompt.filter((message) => message.role === 'tool')),
    );
    expect(errors).toEqual([]);
    expect(outputs).toHaveLength(4);
    expect(outputs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ ok: true, operationId: IMAGE }),
        expect.objectContaining({ ok: false, code: 'invalid_arguments' }),
        expect.objectContaining({ ok: false, code: 'authentication_failed' }),
      ]),
    );
    expectNothingLeaked();
  });

  it('the CLI prints no secret, succeeding or refused', async () => {
    const tokenStore = join(await temporaryFolderForTest('gentk-secrets-'), 'tokens.json');
    const apiKey = tokensKept.find((token) => token.apiKey)?.apiKey ?? '';
    const env = { GENTK_BASE_URL: emulator.url, GENTK_TOKEN_STORE: tokenStore, GENTK_API_KEY: apiKey };
    const me = await gentk(['call', 'get_me', '--json'], {
      ...env,
      GENTK_EMAIL: EMAIL,
      GENTK_PASSWORD: CANARY_PASSWORD,
    });
    expect(me.code, me.output).toBe(0);
    const badToken = await gentk(['call', 'get_me', '--token', CANARY_TOKEN, '--json'], env);
    expect(badToken.code, badToken.output).toBe(3);
    const badKey = await gentk(['call', 'v7_models', '--api-key', CANARY_KEY], env);
    expect(badKey.code, badKey.output).toBe(3);
    expectNothingLeaked();
  });

  it('closing every session (revoking its tokens) shows nothing, and nothing escaped', async () => {
    for (const open of sessions) await outcomeOf('session.close()', open.close());
    // Every token the toolkit obtained (the CLI's too) was revoked, or rotated away.
    const tokens = emulator.inspect(EMAIL)?.tokens ?? [];
    expect(tokens.length).toBeGreaterThan(4);
    expect(tokens.filter((token) => !token.revoked).map((token) => token.deviceName)).toEqual([]);
    collector.stopWatchingConsole();
    expect(collector.checked).toBeGreaterThan(100);
    expect(captured.some(([source]) => source === 'http event')).toBe(true);
    expectNothingLeaked('everything');
    expect(watch.escaped).toEqual([]);
  });
});
