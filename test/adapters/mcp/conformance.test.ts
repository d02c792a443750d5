/**
 * The official MCP conformance suite (`@modelcontextprotocol/conformance`) against the toolkit's
 * HTTP endpoint, for every server scenario that applies to a server of tools whose tools are the
 * service's (the scenarios that call fixture tools, prompts or resources of their own do not).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpServerFactory, type McpHttpListener, serveMcpHttp } from '../../../src/adapters/mcp.js';
import { collectOutput } from '../../support/process-output.js';
import { startTestBed, type TestBed } from './support.js';

const SUITE = fileURLToPath(
  new URL('../../../node_modules/@modelcontextprotocol/conformance/dist/index.js', import.meta.url),
);
const SCENARIOS = [
  'server-initialize',
  'ping',
  'tools-list',
  'server-sse-polling',
  'server-sse-multiple-streams',
  'dns-rebinding-protection',
];

let bed: TestBed;
let listener: McpHttpListener;

beforeAll(async () => {
  bed = await startTestBed();
  listener = await serveMcpHttp(
    createMcpServerFactory(bed.session, { mode: 'typed', include: { ids: ['v7_images_text_to_image'] } }),
  );
});
afterAll(async () => {
  await listener.close();
  await bed.close();
});

async function runScenario(scenario: string): Promise<{ code: number | null; stdout: string }> {
  const child = spawn(process.execPath, [SUITE, 'server', '--url', listener.url, '--scenario', scenario], {
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = await collectOutput(child, `conformance ${scenario}`, 60_000);
  // The suite colours its words even with NO_COLOR: the escapes go.
  const text = stripVTControlCharacters(`${output.stdout}\n${output.stderr}`);
  return { code: output.code, stdout: text };
}

describe('the MCP conformance suite', () => {
  it('passes every server scenario that applies, with no failure', async () => {
    const results = await Promise.all(
      SCENARIOS.map(async (scenario) => ({ scenario, ...(await runScenario(scenario)) })),
    );
    for (const { scenario, code, stdout } of results) {
      expect(stdout, scenario).toMatch(/Test Results:[\s\S]*\b0 failed/);
      expect(code, `${scenario}:\n${stdout}`).toBe(0);
    }
    // Streams can be resumed: a priming event with an id and a retry field open every response
    // stream (the one warning left is the session id a stateless server does not give).
    const polling = results.find(({ scenario }) => scenario === 'server-sse-polling')?.stdout ?? '';
    expect(polling).not.toMatch(/server-sse-priming-event\s*\]\s*WARNING/);
    expect(polling).not.toMatch(/server-sse-retry-field\s*\]\s*WARNING/);
    expect(polling).toMatch(/server-sse-priming-event\s*\]\s*SUCCESS/);
    expect(polling).toMatch(/server-sse-retry-field\s*\]\s*SUCCESS/);
  }, 120_000);
});
