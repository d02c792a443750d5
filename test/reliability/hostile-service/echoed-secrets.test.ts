/**
 * A service that echoes the session's API key in its successful answers (issue 14, finding 2):
 * in prose, under `credential.value`, as `auth_header: "Bearer …"`, as a field name, in output
 * URLs (`?sig=`, raw and URL-encoded), in a `fetch_result` address, and as the job id. The key
 * must appear zero times in any tool result, call result, event, console line or `gentk call`
 * output; a job id that holds it is refused, since a masked id could resume nothing.
 *
 * The service's documents are the emulator's, served from this test's own server, whose API
 * answers are hostile.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Session } from '../../../src/auth/index.js';
import type { ServiceDescription } from '../../../src/discovery/service-description.js';
import { UnsafeAnswerError } from '../../../src/http/index.js';
import { createToolSpecs, type ToolResult } from '../../../src/tools/index.js';
import { runCliProcess } from '../../support/cli.js';
import { type LoopbackServer, receive } from '../../support/loopback-server.js';
import { type HostileApiService, startServiceWithApi } from '../support/emulator-documents.js';
import { serviceAt } from '../support/rebased-service.js';
import { SecretCollector } from '../support/secret-collector.js';
import { createSkippingClock } from '../support/skipping-clock.js';
import { watchFile } from '../support/watch-file.js';

/** The session's key; its URL-encoded form differs, and both must stay hidden. */
const KEY = 'ECHO-KEY+7f3a/9c2e=';
const IMAGE = 'v7_images_text_to_image';

const collector = new SecretCollector([KEY]);
const watch = watchFile(collector);

let hosted: HostileApiService;
let server: LoopbackServer;
let service: ServiceDescription;
/** Requests the API received: `METHOD path?query`. */
const apiRequests: string[] = [];

/** A finished answer that echoes the key in every way the red team found. */
function echoingAnswer(origin: string): Record<string, unknown> {
  return {
    status: 'success',
    id: 'job-7',
    message: `Thanks! The key ${KEY} paid for this.`,
    credential: { value: KEY, encoded: encodeURIComponent(KEY) },
    auth_header: `Bearer ${KEY}`,
    [KEY]: 'the key as a field name',
    output: [`${origin}/cdn/a.png?sig=${encodeURIComponent(KEY)}`, `${origin}/cdn/b.png?sig=${KEY}`],
  };
}

/** What the API answers a submission, by its prompt. */
function submissionAnswer(prompt: string, origin: string): Record<string, unknown> {
  switch (prompt) {
    case 'queue':
      return {
        status: 'processing',
        id: 'job-7',
        eta: 1,
        fetch_result: `${origin}/api/v7/images/fetch/job-7?sig=${encodeURIComponent(KEY)}`,
      };
    case 'key as id':
      return { status: 'processing', id: KEY, eta: 1 };
    case 'key inside the id':
      return { status: 'processing', id: `job-${KEY}`, eta: 1 };
    default:
      return echoingAnswer(origin);
  }
}

function answerApi(request: IncomingMessage, response: ServerResponse, origin: string): void {
  receive(request, (received) => {
    apiRequests.push(`${received.method} ${received.url}`);
    let prompt = '';
    try {
      prompt = String((JSON.parse(received.body) as { prompt?: unknown }).prompt ?? '');
    } catch {
      // A poll's body has no prompt.
    }
    const body = received.url.startsWith('/api/v7/images/fetch/')
      ? echoingAnswer(origin)
      : submissionAnswer(prompt, origin);
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
}

beforeAll(async () => {
  hosted = await startServiceWithApi(answerApi);
  server = hosted.server;
  service = await serviceAt(server.url);
});
afterAll(async () => {
  await hosted?.close();
});

const sessions: Session[] = [];
afterAll(() => Promise.all(sessions.map((session) => session.close())));

async function session(): Promise<Session> {
  const made = await connect({
    service,
    apiKey: KEY,
    operations: { ids: [IMAGE] },
    http: {
      clock: createSkippingClock(),
      onEvent: (event) => collector.record('http event', event),
      onWarning: (warning) => collector.record('warning', warning),
    },
  });
  sessions.push(made);
  return made;
}

async function runTool(prompt: string): Promise<ToolResult> {
  const tools = createToolSpecs(await session(), {
    mode: 'typed',
    onProgress: (progress) => collector.record('tool progress', progress),
  });
  const result = await tools.tool(IMAGE)!.execute({ model_id: 'flux-dev', prompt });
  collector.record(`tool result (${prompt})`, result);
  return result;
}

describe('a finished answer that echoes the key', () => {
  it('reaches the model through a tool with the key masked everywhere', async () => {
    const result = await runTool('echo');
    expect(result).toMatchObject({ ok: true, status: 'success', requestId: 'job-7' });
    const text = JSON.stringify(result);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(encodeURIComponent(KEY));
    expect(text).toContain('[REDACTED]');
    // The rest of the answer is untouched.
    expect(text).toContain('Thanks! The key [REDACTED] paid for this.');
    expect(text).toContain('/cdn/a.png?sig=[REDACTED]');
  });

  it('reaches the application through session.call with the key masked everywhere', async () => {
    const result = await (await session()).call(IMAGE, { model_id: 'flux-dev', prompt: 'echo' });
    collector.record('session.call result', result);
    expect(result.status).toBe('success');
    if (result.status !== 'success') return;
    expect(result.outputs.map((output) => output.url)).toEqual([
      `${server.url}/cdn/a.png?sig=[REDACTED]`,
      `${server.url}/cdn/b.png?sig=[REDACTED]`,
    ]);
    expect(result.body).toMatchObject({
      credential: { value: '[REDACTED]', encoded: '[REDACTED]' },
      auth_header: 'Bearer [REDACTED]',
      '[REDACTED]': 'the key as a field name',
    });
  });

  it('is polled at the discovered fetch address, not at a fetch_result that carries the key', async () => {
    apiRequests.length = 0;
    const result = await runTool('queue');
    expect(result).toMatchObject({ ok: true, status: 'success' });
    expect(apiRequests).toEqual(['POST /api/v7/images/text-to-image', 'POST /api/v7/images/fetch/job-7']);
  });
});

describe('a job id that holds the key', () => {
  it.each(['key as id', 'key inside the id'])('is refused as an unsafe answer: %s', async (prompt) => {
    apiRequests.length = 0;
    const result = await runTool(prompt);
    expect(result).toMatchObject({ ok: false, status: 'error', code: 'unsafe_answer', retryable: false });
    // Not polled, and no resume_job hint to carry the id.
    expect(apiRequests).toEqual(['POST /api/v7/images/text-to-image']);
    const error = await (await session())
      .call(IMAGE, { model_id: 'flux-dev', prompt }, { wait: false })
      .catch((caught: unknown) => caught);
    collector.record('session.call error', error);
    expect(UnsafeAnswerError.isInstance(error)).toBe(true);
  });
});

describe('gentk call', () => {
  it.each([[[]], [['--json']]])('prints the echoed answer with the key masked %s', async (flags) => {
    const run = await runCliProcess(
      [
        'call',
        IMAGE,
        server.url,
        '--input',
        JSON.stringify({ model_id: 'flux-dev', prompt: 'echo' }),
        ...flags,
      ],
      { env: { GENTK_API_KEY: KEY, GENTK_BASE_URL: '', GENTK_TOKEN_STORE: '' }, timeoutMs: 60_000 },
    );
    collector.record('gentk call stdout', run.stdout);
    collector.record('gentk call stderr', run.stderr);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('/cdn/a.png?sig=[REDACTED]');
  });
});

describe('everything the suite saw', () => {
  it('holds the key nowhere', () => {
    expect(collector.checked).toBeGreaterThan(20);
    expect(collector.leaks()).toEqual([]);
    expect(watch.escaped).toEqual([]);
  });
});
