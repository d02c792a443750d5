/**
 * A LangChain user never loads the AI SDK or the MCP SDK (DESIGN.md): the adapter's entry is
 * imported in a fresh Node process whose resolve hook records every module it loads.
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTemporaryFolder } from '../../support/temporary-folders.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const ENTRY = pathToFileURL(join(ROOT, 'src/adapters/langchain.ts')).href;
const FOREIGN = /\/node_modules\/(?:ai|@ai-sdk\/[^/]+|@modelcontextprotocol\/[^/]+)\//;

// Runs in the child: records the URL of every module resolved while importing argv[2].
const PROBE = `
import { registerHooks } from 'node:module';
const loaded = new Set();
registerHooks({
  resolve(specifier, context, nextResolve) {
    const result = nextResolve(specifier, context);
    loaded.add(result.url);
    return result;
  },
});
await import(process.argv[2]);
process.stdout.write(JSON.stringify([...loaded]));
`;

const folder = useTemporaryFolder('gentk-module-graph-');
let probe: string;

beforeAll(async () => {
  probe = join(folder.path, 'probe.mjs');
  await writeFile(probe, PROBE);
});

async function modulesLoadedBy(url: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', probe, url], {
    cwd: ROOT,
  });
  return JSON.parse(stdout) as string[];
}

// Each test starts a Node process that compiles TypeScript on the fly.
describe('generation-agent-toolkit/langchain', { timeout: 60_000 }, () => {
  it('loads @langchain/core and never the AI SDK, the MCP SDK or even `langchain`', async () => {
    const loaded = await modulesLoadedBy(ENTRY);
    expect(loaded).toContain(ENTRY);
    expect(loaded.some((url) => url.includes('/node_modules/@langchain/core/'))).toBe(true);
    expect(loaded.filter((url) => FOREIGN.test(url))).toEqual([]);
    // `langchain` (createAgent, the middleware) is the user's choice; the tools need only the core.
    expect(loaded.filter((url) => url.includes('/node_modules/langchain/'))).toEqual([]);
  });

  it('would see the AI SDK if something loaded it (the probe works)', async () => {
    const loaded = await modulesLoadedBy(import.meta.resolve('ai'));
    expect(loaded.some((url) => FOREIGN.test(url))).toBe(true);
  });
});
