/**
 * The runnable snippets of the README and of the pages of docs/, run as a reader would paste them:
 * each block marked `<!-- readme-snippet: name -->` is written to a file inside the package (so that it imports
 * `generation-agent-toolkit` by name, through `exports`, from the build) and run against an
 * emulator with `GENTK_BASE_URL` and `GENTK_API_KEY` set.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { type Emulator, type EmulatorAccount, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, requireBuild, runScript } from '../examples/run-example.js';
import { type RedisServer, startRedisServer } from '../support/redis-server.js';
import { useTemporaryFolder } from '../support/temporary-folders.js';

/** The marked snippets of the documents, by name. */
function snippetsOf(documents: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const document of documents)
    for (const match of document.matchAll(/<!-- readme-snippet: ([\w-]+) -->\n```ts\n([\s\S]*?)\n```/g))
      found.set(match[1] as string, match[2] as string);
  return found;
}

let emulator: Emulator;
let account: EmulatorAccount;
let snippets: Map<string, string>;
// Inside the package, so that the snippets import it by name, through `exports`.
const snippetsFolder = useTemporaryFolder('readme-snippets-', { insidePackage: true });
const tmp = useTemporaryFolder('gentk-readme-');

beforeAll(async () => {
  requireBuild();
  const pages = (await readdir(join(ROOT, 'docs'))).filter((name) => name.endsWith('.md'));
  const documents = ['README.md', ...pages.map((name) => `docs/${name}`)];
  snippets = snippetsOf(await Promise.all(documents.map((name) => readFile(join(ROOT, name), 'utf8'))));
  emulator = await startEmulator({ timeScale: 0.01 });
  account = emulator.createAccount({ credits: 20 });
});
afterAll(async () => {
  await emulator?.close();
});

async function runSnippet(name: string, settings: Record<string, string> = {}): Promise<string> {
  const code = snippets.get(name);
  expect(code, `neither README.md nor docs/ has a snippet marked readme-snippet: ${name}`).toBeDefined();
  const file = join(snippetsFolder.path, `${name}.ts`);
  await writeFile(file, code as string);
  const result = await runScript(
    relative(ROOT, file),
    tmp.path,
    { GENTK_BASE_URL: emulator.url, GENTK_API_KEY: account.apiKey, ...settings },
    90_000,
  );
  expect(result.code, `the README's ${name} snippet failed:\n${result.stdout}\n${result.stderr}`).toBe(0);
  expect(result.stdout + result.stderr).not.toContain(account.apiKey);
  return result.stdout;
}

describe("the README's snippets", () => {
  it('the plain script makes an image and resumes a video from its JSON handle', {
    timeout: 120_000,
  }, async () => {
    const printed = await runSnippet('script');
    expect(printed).toMatch(/^image: http:\/\/127\.0\.0\.1:\d+\/cdn\/\S+\.png$/m);
    expect(printed).toMatch(/^video: http:\/\/127\.0\.0\.1:\d+\/cdn\/\S+\.mp4$/m);
  });

  it('the AI SDK provider makes an image and speech', { timeout: 120_000 }, async () => {
    expect(await runSnippet('provider')).toMatch(/^image\/png \d+ bytes; audio\/mpeg \d+ bytes$/m);
  });

  it('the emulator snippet starts one, opens an account and reads its ledger', {
    timeout: 120_000,
  }, async () => {
    expect(await runSnippet('emulator')).toMatch(/^50$/m);
  });

  it('the shared quota snippet keeps the governor state in Redis', { timeout: 120_000 }, async () => {
    let redis: RedisServer | undefined;
    try {
      redis = await startRedisServer();
      expect(await runSnippet('redis', { REDIS_URL: redis.url })).toMatch(/^success true$/m);
    } finally {
      await redis?.stop();
    }
  });

  it('the shared budget snippet reserves and settles in Redis', { timeout: 120_000 }, async () => {
    let redis: RedisServer | undefined;
    try {
      redis = await startRedisServer();
      expect(await runSnippet('budget-store', { REDIS_URL: redis.url })).toMatch(/^granted true 40000$/m);
    } finally {
      await redis?.stop();
    }
  });
});
