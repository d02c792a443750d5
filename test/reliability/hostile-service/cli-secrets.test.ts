/**
 * Finding 10 of issue 14: `gentk` takes its secrets from the environment, a file
 * (`--api-key-file`) or standard input (`--api-key -`); a secret given as a flag's value still
 * works but is warned about, and is hidden from the process list (`ps`) while gentk runs.
 *
 * The service's documents are the emulator's, served from this test's own server, whose API
 * records the key each call carried and, when told to, holds its answer until the test lets go.
 */
import { readFileSync } from 'node:fs';
import { chmod, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliProcess, spawnCli } from '../../support/cli.js';
import { type LoopbackServer, receive } from '../../support/loopback-server.js';
import { collectOutput } from '../../support/process-output.js';
import { temporaryFolderForTest } from '../../support/temporary-folders.js';
import { type HostileApiService, startServiceWithApi } from '../support/emulator-documents.js';

const KEY = 'cli-canary-key-4b7e19d0';
const IMAGE = 'v7_images_text_to_image';
const INPUT = JSON.stringify({ model_id: 'flux-dev', prompt: 'a lighthouse' });

let hosted: HostileApiService;
let server: LoopbackServer;
/** The credential each submission carried (bearer or body key). */
const carried: string[] = [];
/** Set while a test holds the API's answers. */
let held: { readonly arrived: () => void; readonly release: Promise<void> } | undefined;

function answerApi(request: IncomingMessage, response: ServerResponse, origin: string): void {
  receive(request, async (received) => {
    const bearer = /^Bearer (.+)$/.exec(String(received.headers.authorization ?? ''))?.[1];
    let bodyKey: unknown;
    try {
      bodyKey = (JSON.parse(received.body) as { key?: unknown }).key;
    } catch {
      bodyKey = undefined;
    }
    carried.push(bearer ?? String(bodyKey));
    if (held) {
      held.arrived();
      await held.release;
    }
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ status: 'success', id: 'job-1', output: [`${origin}/cdn/a.png`] }));
  });
}

beforeAll(async () => {
  hosted = await startServiceWithApi(answerApi);
  server = hosted.server;
});
afterAll(async () => {
  await hosted?.close();
});

/** The environment of each run: no key, token or store of the test's machine. */
async function environment(): Promise<Record<string, string>> {
  const folder = await temporaryFolderForTest('gentk-cli-secrets-');
  return {
    GENTK_API_KEY: '',
    GENTK_TOKEN: '',
    GENTK_BASE_URL: '',
    GENTK_TOKEN_STORE: join(folder, 'tokens.json'),
  };
}

const call = (...flags: string[]) => ['call', IMAGE, server.url, '--input', INPUT, '--json', ...flags];

describe('gentk’s secrets', () => {
  it('are read from a file with --api-key-file, without a warning', async () => {
    const folder = await temporaryFolderForTest('gentk-key-file-');
    const file = join(folder, 'key');
    await writeFile(file, `${KEY}\n`, { mode: 0o600 });
    carried.length = 0;
    const run = await runCliProcess(call('--api-key-file', file), {
      env: await environment(),
      timeoutMs: 60_000,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(carried).toEqual([KEY]);
    expect(run.stderr).not.toMatch(/warning/);
  });

  it('are read from standard input with --api-key -, without a warning', async () => {
    carried.length = 0;
    const run = await runCliProcess(call('--api-key', '-'), {
      env: await environment(),
      input: `${KEY}\n`,
      timeoutMs: 60_000,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(carried).toEqual([KEY]);
    expect(run.stderr).not.toMatch(/warning/);
  });

  it('refuse two secrets from standard input as a usage error', async () => {
    const run = await runCliProcess(call('--api-key', '-', '--token', '-'), {
      env: await environment(),
      input: `${KEY}\n`,
      timeoutMs: 60_000,
    });
    expect(run.code).toBe(2);
    expect(`${run.stdout}${run.stderr}`).toMatch(/Only one secret can come from standard input/);
  });

  it('kept in a token store others can read, are warned about on stderr', async () => {
    const env = await environment();
    await writeFile(env.GENTK_TOKEN_STORE as string, '{}\n', { mode: 0o644 });
    await chmod(env.GENTK_TOKEN_STORE as string, 0o644);
    const run = await runCliProcess(call(), { env: { ...env, GENTK_API_KEY: KEY }, timeoutMs: 60_000 });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(
      /gentk: warning: The token store .* can be read or written by other users \(mode 0644\)/,
    );
  });

  it('given as a flag, work, are warned about, and are hidden from ps while gentk runs', async () => {
    carried.length = 0;
    let arrived!: () => void;
    const arrival = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    let release!: () => void;
    held = { arrived, release: new Promise<void>((resolve) => (release = resolve)) };
    try {
      const child = spawnCli(call('--api-key', KEY), await environment());
      const output = collectOutput(child, 'gentk call --api-key', 60_000);
      child.stdin?.end();
      await arrival;
      // The call is under way: the command line the system shows for the process.
      const commandLine =
        process.platform === 'linux' ? readFileSync(`/proc/${child.pid}/cmdline`, 'utf8') : undefined;
      release();
      const run = await output;
      expect(run.code, run.stderr).toBe(0);
      expect(carried).toEqual([KEY]);
      expect(run.stderr).toMatch(
        /warning: --api-key on the command line shows in the process list \(ps\).*GENTK_API_KEY, --api-key-file <path> or --api-key - \(standard input\)/,
      );
      if (commandLine !== undefined) {
        expect(commandLine).not.toContain(KEY);
        expect(commandLine).toContain('--api-key [hidden]');
      }
    } finally {
      held = undefined;
    }
  });
});
