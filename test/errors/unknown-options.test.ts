/**
 * Every options object of the public API refuses a key it does not know, as a JavaScript caller
 * without a type checker would write it, naming the key, where it was and the closest known key.
 */

import { type Emulator, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAISDKTools } from '../../src/adapters/ai-sdk.js';
import { createLangChainTools, GenerationToolkit } from '../../src/adapters/langchain.js';
import { createMcpServer } from '../../src/adapters/mcp.js';
import { HttpClient } from '../../src/http/public-surface.js';
import {
  connect,
  createToolSpecs,
  discover,
  GenerationToolkitError,
  type ServiceDescription,
  type Session,
  UnknownOptionError,
} from '../../src/index.js';
import { createGenerationProvider } from '../../src/provider/index.js';

/** Nothing listens here: a check that ran after a request would fail with a connection error instead. */
const UNREACHABLE = 'http://127.0.0.1:9';

let emulator: Emulator;
let service: ServiceDescription;
let session: Session;

beforeAll(async () => {
  emulator = await startEmulator();
  service = await discover(emulator.url);
  session = await connect({ service });
});
afterAll(async () => {
  await session.close();
  await emulator.close();
});

/** What `run` threw (synchronously or as a rejection); fails when it threw nothing. */
async function thrownBy(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

/**
 * Expects an UnknownOptionError for `option` in `where`, suggesting `suggestion`. The library's
 * errors are instances of its classes; the emulator's are its own classes (it imports nothing of
 * the library) that the family's `isInstance` recognises by their markers (`ownClasses: false`).
 */
async function expectRefusal(
  run: () => unknown,
  expected: { option: string; where: string; suggestion?: string },
  { ownClasses = true }: { ownClasses?: boolean } = {},
): Promise<void> {
  const error = await thrownBy(run);
  expect(UnknownOptionError.isInstance(error), String(error)).toBe(true);
  if (ownClasses) expect(error).toBeInstanceOf(GenerationToolkitError);
  else expect(GenerationToolkitError.isInstance(error)).toBe(true);
  expect(error).toMatchObject({ code: 'unknown_option', option: expected.option, where: expected.where });
  const message = (error as Error).message;
  expect(message).toContain(`${expected.where} has no option \`${expected.option}\``);
  if (expected.suggestion) {
    expect((error as UnknownOptionError).suggestion).toBe(expected.suggestion);
    expect(message).toContain(`did you mean \`${expected.suggestion}\`?`);
  }
}

// JavaScript callers: the options are built as plain objects, out of the type checker's sight.
// biome-ignore lint/suspicious/noExplicitAny: the point is to pass what TypeScript would refuse.
const untyped = (options: Record<string, unknown>): any => options;

describe('connect()', () => {
  it.each([
    [
      { baseUrl: UNREACHABLE, operations: { include: ['get_me'] } },
      'include',
      'connect options.operations',
      'ids',
    ],
    [{ baseURL: UNREACHABLE }, 'baseURL', 'connect options', 'baseUrl'],
    [{ baseUrl: UNREACHABLE, apikey: 'gk' }, 'apikey', 'connect options', 'apiKey'],
    [
      { baseUrl: UNREACHABLE, auth: { email: 'a@b.c', pasword: 'x' } },
      'pasword',
      'connect options.auth',
      'password',
    ],
    [
      {
        baseUrl: UNREACHABLE,
        auth: { register: { email: 'a@b.c', password: 'x', claim: () => '1', onClaim: 1 } },
      },
      'onClaim',
      'connect options.auth.register',
      'claim',
    ],
    [
      { baseUrl: UNREACHABLE, discovery: { timeout: 5 } },
      'timeout',
      'connect options.discovery',
      'timeoutMs',
    ],
    [
      { baseUrl: UNREACHABLE, discovery: { catalog: { depth: 2 } } },
      'depth',
      'connect options.discovery.catalog',
      undefined,
    ],
    [{ baseUrl: UNREACHABLE, http: { retries: 2 } }, 'retries', 'connect options.http', 'retry'],
    [{ baseUrl: UNREACHABLE, http: { retry: { limt: 2 } } }, 'limt', 'connect options.http.retry', 'limit'],
    [
      { baseUrl: UNREACHABLE, http: { rateLimit: { brust: 2 } } },
      'brust',
      'connect options.http.rateLimit',
      'burst',
    ],
    [{ baseUrl: UNREACHABLE, http: { baseUrl: UNREACHABLE } }, 'baseUrl', 'connect options.http', undefined],
  ])('refuses %j before anything is sent', async (options, option, where, suggestion) => {
    await expectRefusal(() => connect(untyped(options)), {
      option,
      where,
      ...(suggestion ? { suggestion } : {}),
    });
  });

  it('accepts a key whose value is undefined', async () => {
    const accepted = await connect(
      untyped({ service, operations: { ids: ['v7_models'], include: undefined } }),
    );
    await accepted.close();
  });
});

describe('discover() and the HTTP client', () => {
  it('refuses unknown discover options, and those of its models', async () => {
    await expectRefusal(() => discover(UNREACHABLE, untyped({ maxBytes: 5 })), {
      option: 'maxBytes',
      where: 'discover options',
      suggestion: 'maxDocumentBytes',
    });
    await expectRefusal(() => discover(UNREACHABLE, untyped({ models: { pages: 2 } })), {
      option: 'pages',
      where: 'discover options.models',
    });
  });

  it('refuses unknown HttpClient options', async () => {
    await expectRefusal(() => new HttpClient(untyped({ baseUrl: UNREACHABLE, timeout: 5 })), {
      option: 'timeout',
      where: 'HttpClient options',
      suggestion: 'timeoutMs',
    });
  });
});

describe('the tool factories', () => {
  it.each([
    ['createToolSpecs', () => createToolSpecs(session, untyped({ mdoe: 'typed' }))],
    ['createAISDKTools', () => createAISDKTools(session, untyped({ mdoe: 'typed' }))],
    ['createLangChainTools', () => createLangChainTools(session, untyped({ mdoe: 'typed' }))],
    ['GenerationToolkit', () => new GenerationToolkit(session, untyped({ mdoe: 'typed' }))],
    ['createMcpServer', () => createMcpServer(session, untyped({ mdoe: 'typed' }))],
  ])('%s refuses an unknown option', async (name, run) => {
    await expectRefusal(run, { option: 'mdoe', where: `${name} options`, suggestion: 'mode' });
  });

  it('each keeps its own options apart from the others', async () => {
    await expectRefusal(() => createToolSpecs(session, untyped({ strict: true })), {
      option: 'strict',
      where: 'createToolSpecs options',
    });
    await expectRefusal(() => createLangChainTools(session, untyped({ approvalTimeoutMs: 5 })), {
      option: 'approvalTimeoutMs',
      where: 'createLangChainTools options',
    });
    expect(() => createAISDKTools(session, { strict: true, streamProgress: false })).not.toThrow();
    expect(() => createMcpServer(session, { name: 'mine', approvalTimeoutMs: 5 })).not.toThrow();
  });

  it('refuses unknown keys of include and of an approval object', async () => {
    await expectRefusal(() => createAISDKTools(session, untyped({ include: { category: ['image'] } })), {
      option: 'category',
      where: 'createAISDKTools options.include',
      suggestion: 'categories',
    });
    await expectRefusal(() => createMcpServer(session, untyped({ approval: { effect: { money: false } } })), {
      option: 'effect',
      where: 'createMcpServer options.approval',
      suggestion: 'effects',
    });
    await expectRefusal(() => createToolSpecs(session, untyped({ approval: { effects: { spend: true } } })), {
      option: 'spend',
      where: 'createToolSpecs options.approval.effects',
    });
  });
});

describe('the provider and the emulator', () => {
  it('createGenerationProvider refuses unknown settings, before connecting anywhere', async () => {
    await expectRefusal(() => createGenerationProvider(untyped({ baseUrl: UNREACHABLE, apiKey: 'gk' })), {
      option: 'baseUrl',
      where: 'createGenerationProvider settings',
      suggestion: 'baseURL',
    });
    await expectRefusal(() => createGenerationProvider(untyped({ _internal: { clok: 1 } })), {
      option: 'clok',
      where: 'createGenerationProvider settings._internal',
      suggestion: 'clock',
    });
  });

  it.each([
    [{ timescale: 0.1 }, 'timescale', 'startEmulator options', 'timeScale'],
    [
      { rateLimits: { generaton: { limit: 1, windowSeconds: 1 } } },
      'generaton',
      'startEmulator options.rateLimits',
      'generation',
    ],
    [
      { rateLimits: { auth: { limit: 1, window: 1 } } },
      'window',
      'startEmulator options.rateLimits.auth',
      'windowSeconds',
    ],
    [
      { faults: { rules: [{ kind: 'reset', matches: '/x' }] } },
      'matches',
      'startEmulator options.faults.rules[0]',
      'match',
    ],
    [{ quirks: { http200Error: true } }, 'http200Error', 'startEmulator options.quirks', 'http200Errors'],
  ])('startEmulator refuses %j', async (options, option, where, suggestion) => {
    await expectRefusal(
      () => startEmulator(untyped(options)),
      { option, where, suggestion },
      { ownClasses: false },
    );
  });
});
