/**
 * One family of errors: every error class the package exports derives from
 * `GenerationToolkitError`, with a stable `code`, so that one catch takes bad input, unknown
 * operations, discovery failures and the service's answers alike.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import * as emulatorEntry from 'generation-agent-toolkit-emulator';
import { type Emulator, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as aiSdk from '../../src/adapters/ai-sdk.js';
import * as langchain from '../../src/adapters/langchain.js';
import * as mcp from '../../src/adapters/mcp.js';
import * as http from '../../src/http/public-surface.js';
import { NotFoundError } from '../../src/http/public-surface.js';
import * as root from '../../src/index.js';
import {
  connect,
  createToolSpecs,
  DiscoveryDocumentError,
  discover,
  GenerationToolkitError,
  type GenerationToolkitErrorCode,
  InvalidArgumentsError,
  OperationNotOfferedError,
  RegistrationError,
  ServiceError,
  type Session,
  UnknownOperationError,
  UsageError,
} from '../../src/index.js';
import * as provider from '../../src/provider/index.js';
import * as spend from '../../src/spend.js';
import * as stores from '../../src/stores.js';
import { type LoopbackServer, listenOnLoopback } from '../support/loopback-server.js';

/** The error classes an entry exports: its functions whose prototype is an Error's. */
function errorClassesOf(entry: Record<string, unknown>): [string, new (...args: never[]) => Error][] {
  return Object.entries(entry).filter(
    (pair): pair is [string, new (...args: never[]) => Error] =>
      typeof pair[1] === 'function' && (pair[1] as { prototype?: unknown }).prototype instanceof Error,
  );
}

let emulator: Emulator;
let session: Session;

beforeAll(async () => {
  emulator = await startEmulator({ clock: 'manual' });
  const account = emulator.createAccount();
  session = await connect({
    baseUrl: emulator.url,
    apiKey: account.apiKey,
    operations: { ids: ['v7_images_text_to_image', 'get_me'] },
  });
});
afterAll(async () => {
  await session.close();
  await emulator.close();
});

describe('the family', () => {
  it('takes in every error class the package exports, from every entry', () => {
    const classes = [root, http, spend, stores, aiSdk, langchain, mcp, provider, emulatorEntry].flatMap(
      (entry) => errorClassesOf(entry as Record<string, unknown>),
    );
    const names = classes.map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining([
        'GenerationToolkitError',
        'ServiceError',
        'UsageError',
        'UnknownOptionError',
        'UnknownChoiceError',
        'InvalidArgumentsError',
        'UnknownOperationError',
        'OperationNotOfferedError',
        'RegistrationError',
        'DiscoveryDocumentError',
        'ThrottleDeadlineError',
        'RateLimitStoreError',
        'ToolNameError',
        'TransportFailure',
        'NetworkError',
        'ValidationError',
      ]),
    );
    for (const [name, errorClass] of classes) {
      const inFamily =
        errorClass === GenerationToolkitError || errorClass.prototype instanceof GenerationToolkitError;
      expect(inFamily, `${name} is not a GenerationToolkitError`).toBe(true);
    }
    // The Errors page is what users read: every exported class is listed there.
    const errorsPage = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
    for (const name of new Set(names))
      expect(errorsPage, `docs/errors.md omits ${name}`).toContain(`\`${name}\``);
  });

  it('keeps the service answers in their own subclass', () => {
    expect(http.RateLimitedError.prototype).toBeInstanceOf(ServiceError);
    expect(http.AuthenticationError.prototype).toBeInstanceOf(ServiceError);
    expect(InvalidArgumentsError.prototype).not.toBeInstanceOf(ServiceError);
  });

  it('keeps the names and codes that callers already switch on', () => {
    const made: [Error & { code: GenerationToolkitErrorCode }, string, GenerationToolkitErrorCode][] = [
      [new InvalidArgumentsError('v7_models', [], 'bad'), 'InvalidArgumentsError', 'invalid_arguments'],
      [new UnknownOperationError('nope', []), 'UnknownOperationError', 'unknown_operation'],
      [new OperationNotOfferedError('get_me', 'why'), 'OperationNotOfferedError', 'operation_not_offered'],
      [new RegistrationError('claim', 'no code'), 'RegistrationError', 'registration_failed'],
      [
        new DiscoveryDocumentError({ document: 'x', message: 'm' }),
        'DiscoveryDocumentError',
        'discovery_failed',
      ],
      [new http.ThrottleDeadlineError(10, 'probe'), 'ThrottleDeadlineError', 'throttle_deadline'],
      [new root.ToolNameError('m'), 'ToolNameError', 'invalid_tool_naming'],
      [new http.TransportFailure('m', false, false), 'TransportFailure', 'transport_failed'],
      [new UsageError('m'), 'UsageError', 'invalid_usage'],
    ];
    for (const [error, name, code] of made) {
      expect({ name: error.name, code: error.code }).toEqual({ name, code });
      expect(GenerationToolkitError.isInstance(error)).toBe(true);
      expect(typeof (error as GenerationToolkitError).retryable).toBe('boolean');
    }
  });

  it('recognises an error of another copy of the package, old markers included', () => {
    const foreign = (marker: string) =>
      Object.defineProperty(new Error('from another copy'), Symbol.for(marker), { value: true });
    expect(
      GenerationToolkitError.isInstance(foreign('generation-agent-toolkit.error.GenerationToolkitError')),
    ).toBe(true);
    expect(
      InvalidArgumentsError.isInstance(foreign('generation-agent-toolkit.invalid-arguments-error')),
    ).toBe(true);
    expect(
      UnknownOperationError.isInstance(foreign('generation-agent-toolkit.unknown-operation-error')),
    ).toBe(true);
    expect(GenerationToolkitError.isInstance(new Error('plain'))).toBe(false);
    expect(GenerationToolkitError.isInstance({ code: 'invalid_usage' })).toBe(false);
  });

  it('gives a JSON form without its cause, which may hold secrets', () => {
    const error = new UsageError('a usage mistake', { cause: new Error('password=hunter2') });
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'UsageError',
      code: 'invalid_usage',
      message: 'a usage mistake',
      retryable: false,
    });
  });
});

describe('one catch on the base', () => {
  /** What `run` rejected with, when it is a GenerationToolkitError; fails the test otherwise. */
  async function caught(run: () => Promise<unknown>): Promise<GenerationToolkitError> {
    try {
      await run();
    } catch (error) {
      if (error instanceof GenerationToolkitError) return error;
      throw new Error(`not in the family: ${String(error)}`);
    }
    throw new Error('nothing was thrown');
  }

  it('catches bad input, unknown and unoffered operations, before anything is sent', async () => {
    expect((await caught(() => session.call('v7_images_text_to_image', { prompt: 7 }))).code).toBe(
      'invalid_arguments',
    );
    expect((await caught(() => session.call('v7_images_text_to_imag', {}))).code).toBe('unknown_operation');
    expect((await caught(() => session.call('get_me', {}))).code).toBe('operation_not_offered');
  });

  it('catches a bad call of the API', async () => {
    expect((await caught(() => connect({}))).code).toBe('invalid_usage');
    expect((await caught(() => discover('not-a-url'))).code).toBe('invalid_usage');
    // biome-ignore lint/suspicious/noExplicitAny: a JavaScript caller's misspelt option.
    expect((await caught(() => connect({ baseUrl: emulator.url, apikey: 'x' } as any))).code).toBe(
      'unknown_option',
    );
  });

  describe('a discovery failure', () => {
    let server: LoopbackServer;
    beforeAll(async () => {
      server = await listenOnLoopback(createServer((_request, response) => response.writeHead(404).end()));
    });
    afterAll(async () => {
      await server.close();
    });

    it('is caught too, and says it may not be retried as it is', async () => {
      const error = await caught(() => discover(server.url));
      expect(DiscoveryDocumentError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code: 'discovery_failed', retryable: false });
    });
  });

  it('catches an answer of the service', async () => {
    const error = await caught(() =>
      session.client.request({ method: 'GET', url: '/no/such/path', idempotency: 'safe' }),
    );
    expect(NotFoundError.isInstance(error)).toBe(true);
    expect(error).toBeInstanceOf(ServiceError);
  });
});

describe('a tool that meets an error of the family', () => {
  it('hands the model its code and message rather than an internal error', async () => {
    const own = await connect({
      baseUrl: emulator.url,
      apiKey: 'gk-unused',
      operations: { ids: ['v7_models'] },
    });
    const tools = createToolSpecs(own, { mode: 'typed' });
    await own.close();
    const result = await tools.tool('v7_models')?.execute({});
    expect(result).toMatchObject({
      ok: false,
      code: 'invalid_usage',
      message: 'The session is closed; connect() again.',
      retryable: false,
    });
  });
});
