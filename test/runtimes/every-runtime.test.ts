/**
 * One scenario, every runtime (issue 25): discover, log in with the minimum scopes, AI SDK tools,
 * an image call that polls, a money call refused without approval, close; under Node 22 and 24,
 * Deno 2, Bun, workerd (Miniflare) and Vercel's edge runtime, each installed from npm, against
 * the emulator on loopback, from the packed tarball in a folder outside the repository (so that
 * nothing resolves through the repository's node_modules). docs/runtimes.md says what each proves.
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type Emulator, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discover } from '../../src/discovery/index.js';
import { NODE_22, prepareRuntimeFolder, type RuntimeFolder } from './runtime-folder.js';

const run = promisify(execFile);

let runtimes: RuntimeFolder;
let folder: string;
let emulator: Emulator;
let account: { apiKey: string; email: string; password: string };
/** Each runtime's report (one process runs both scenarios), for the entries' test. */
const reports = new Map<string, Report>();

const bin = (name: string) => runtimes.bin(name);

beforeAll(async () => {
  runtimes = await prepareRuntimeFolder();
  folder = runtimes.folder;
  emulator = await startEmulator({ timeScale: 0.02 });
  account = emulator.createAccount({ credits: 25 });
  const service = await discover(emulator.url);
  await writeFile(join(folder, 'service.json'), JSON.stringify(service));
}, 300_000);

afterAll(async () => {
  await emulator?.close();
  await runtimes?.remove();
});

interface Report {
  readonly steps: string[];
  readonly runtime: string;
  readonly transport: string;
  readonly requestedScopes: string[];
  readonly tools: string[];
  readonly image: { ok: boolean; status: string; outputs: string[] };
  readonly moneyAwaitsApproval: string[];
  readonly moneyExecuted: boolean;
  readonly invalidArguments: { code: string; message: string };
  readonly error?: string;
  /** The second scenario: each entry's part (entries.mjs). */
  readonly entries: Record<string, Record<string, unknown>>;
  /** What the process printed on stderr (warnings). */
  readonly stderr: string;
}

async function scenarioUnder(command: string, args: readonly string[]): Promise<Report> {
  const { stdout, stderr } = await run(command, [...args], {
    cwd: folder,
    timeout: 150_000,
    maxBuffer: 16 * 1024 * 1024,
    env: {
      ...process.env,
      NO_COLOR: '1',
      GENTK_BASE_URL: emulator.url,
      GENTK_API_KEY: account.apiKey,
      GENTK_EMAIL: account.email,
      GENTK_PASSWORD: account.password,
    },
  });
  const line = stdout.split('\n').find((text) => text.startsWith('REPORT '));
  if (!line) throw new Error(`no report from ${command}:\n${stdout}\n${stderr}`);
  return { ...(JSON.parse(line.slice('REPORT '.length)) as Report), stderr };
}

const RUNTIMES: ReadonlyArray<{
  readonly name: string;
  readonly transport: 'undici' | 'fetch';
  readonly command: () => [string, string[]];
}> = [
  { name: 'Node 22', transport: 'undici', command: () => [NODE_22, ['run-script.mjs']] },
  { name: 'Node 24', transport: 'undici', command: () => [bin('node'), ['run-script.mjs']] },
  {
    name: 'Deno 2',
    transport: 'undici',
    // --allow-sys: the AI SDK's gateway reads the host name when it loads, LangSmith (under
    // LangChain) the home directory when an agent runs.
    command: () => [
      bin('deno'),
      ['run', '--allow-env', '--allow-net', '--allow-read', '--allow-sys=hostname,homedir', 'run-script.mjs'],
    ],
  },
  { name: 'Bun', transport: 'fetch', command: () => [bin('bun'), ['run-script.mjs']] },
  {
    name: 'workerd (Miniflare)',
    transport: 'fetch',
    command: () => [NODE_22, ['run-miniflare.mjs', 'worker.bundle.js', 'service.json']],
  },
  {
    name: 'edge-runtime',
    transport: 'fetch',
    command: () => [NODE_22, ['run-edge.mjs', 'edge.bundle.js', 'service.json']],
  },
];

describe('the scenario on every runtime, from the packed package', () => {
  it.each(RUNTIMES)(
    '$name: discovers, logs in with the minimum scopes, makes an image, refuses money without approval, closes',
    async ({ name, command, transport }) => {
      const [executable, args] = command();
      const report = await scenarioUnder(executable, args);
      reports.set(name, report);
      expect(report.error).toBeUndefined();
      // Joined signals hold one listener per signal, released at each request's end (edge-runtime
      // has no AbortSignal.any): no MaxListenersExceededWarning after a discovery and two sessions.
      expect(report.stderr).not.toContain('MaxListenersExceededWarning');
      expect(report.steps.at(-1)).toBe('close');
      expect(report.steps).toHaveLength(5);
      expect(report.transport).toBe(transport);
      expect(report.requestedScopes).toEqual(['wallet:read', 'wallet:write']);
      expect(report.tools).toEqual([
        'get_wallet_balance',
        'post_wallet_fund',
        'resume_job',
        'v7_images_text_to_image',
      ]);
      expect(report.image).toEqual({ ok: true, status: 'success', outputs: ['image/png'] });
      expect(report.moneyAwaitsApproval).toEqual(['post_wallet_fund']);
      expect(report.moneyExecuted).toBe(false);
      expect(report.invalidArguments.code).toBe('invalid_arguments');
      expect(report.invalidArguments.message).toMatch(
        /promt is not a field of this tool; did you mean prompt\?/,
      );
    },
    180_000,
  );

  it.each(RUNTIMES)(
    '$name: runs /langchain, /provider, /spend, the webhook receiver and the MCP server from a saved description',
    async ({ name }) => {
      const { entries } = reports.get(name) as Report;
      // LangChain's agent loop needs AbortSignal.any, which edge-runtime 4 lacks: there the tool is
      // invoked with a tool call, as the agent would.
      expect(entries.langchain).toMatchObject({
        via: name === 'edge-runtime' ? 'tool call' : 'createAgent',
        ok: true,
        status: 'success',
      });
      expect(entries.provider).toEqual({
        text: 'This is an emulated reply from llama-3.3-70b. You said: "Name a colour."',
        finishReason: 'stop',
      });
      expect(entries.spend).toEqual({ refused: true, code: 'budget_exceeded' });
      // The call waited for the delivery (no poll before a minute past the eta).
      expect(entries.webhook).toEqual({ status: 'success', deliveries: 1 });
      expect(entries.mcp?.tools).toEqual(['resume_job', 'v7_images_text_to_image']);
      expect(entries.mcp?.called).toMatchObject({
        ok: true,
        status: 'success',
        outputs: [{ mediaType: 'image/png' }],
      });
    },
  );

  it('moved no money on any runtime: the emulator took no payment', () => {
    expect(emulator.inspect(account.email)?.payments).toEqual([]);
  });
});
