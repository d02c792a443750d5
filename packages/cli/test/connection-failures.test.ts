import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCliProcess } from '../../../test/support/cli.js';
import { useTemporaryFolder } from '../../../test/support/temporary-folders.js';
import { closedPort, silentServer } from '../../../test/support/unreachable-addresses.js';

// Each test starts real gentk processes (through tsx): allow for a loaded two-core machine.
vi.setConfig({ testTimeout: 90_000 });

let silent: Awaited<ReturnType<typeof silentServer>>;
beforeAll(async () => {
  silent = await silentServer();
});
afterAll(() => silent.close());

// GENTK_API_KEY keeps `call` from stopping at missing credentials: the address is what fails.
const folder = useTemporaryFolder('gentk-unreachable-test-');
const gentk = (args: string[]) =>
  runCliProcess(args, {
    env: { GENTK_API_KEY: 'gk_unused', GENTK_TOKEN_STORE: join(folder.path, 'tokens.json') },
  });

describe('gentk against an address where no service answers', () => {
  it('says which address refused the connection (exit 10), for discover and for call', async () => {
    const port = await closedPort();
    const url = `http://127.0.0.1:${port}`;
    const [discovering, calling, asJson] = await Promise.all([
      gentk(['discover', url]),
      gentk(['call', 'v7_images_text_to_image', url, '--input', '{"prompt":"a fox"}']),
      gentk(['scopes', url, '--ops', 'get_wallet_balance', '--json']),
    ]);
    for (const run of [discovering, calling]) {
      expect(run.code).toBe(10);
      expect(run.stderr.trim()).toBe(`error Could not connect to ${url} (connection refused).`);
    }
    expect(asJson.code).toBe(10);
    expect(JSON.parse(asJson.stdout).error).toMatchObject({
      name: 'ServiceUnreachableError',
      message: `Could not connect to ${url} (connection refused).`,
    });
  });

  it('says a host name was not found, and that nothing answered within --timeout', async () => {
    const [unknownHost, silence] = await Promise.all([
      gentk(['discover', 'http://gentk-test.invalid']),
      gentk(['discover', silent.url, '--timeout', '0.5']),
    ]);
    expect(unknownHost.code).toBe(10);
    expect(unknownHost.stderr).toMatch(/^error Could not connect to http:\/\/gentk-test\.invalid \(DNS: /);
    expect(silence.code).toBe(10);
    expect(silence.stderr.trim()).toBe(
      `error Could not connect to ${silent.url} (timed out: no answer within 500 ms).`,
    );
  });

  it('says that fetch never uses port 9, rather than that no document was usable', async () => {
    const result = await gentk(['discover', 'http://127.0.0.1:9']);
    expect(result.code).toBe(10);
    expect(result.stderr).toMatch(
      /^error Could not connect to http:\/\/127\.0\.0\.1:9 \(fetch never connects to port 9/,
    );
  });
});
