import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { runCliProcess, spawnCli, waitForLine } from '../support/cli.js';

describe('gentk emulator', () => {
  it('starts the emulator, prints where it listens, serves it, and stops on SIGTERM', async () => {
    const child = spawnCli(['emulator', '--port', '0', '--time-scale', '0.01']);
    try {
      const [, url] = await waitForLine(child, /listening on (http:\/\/127\.0\.0\.1:\d+)/);
      const catalogue = await fetch(`${url}/.well-known/api-catalog`);
      expect(catalogue.status).toBe(200);
      expect(catalogue.headers.get('content-type')).toContain('application/linkset+json');
    } finally {
      child.kill('SIGTERM');
      const [code] = await once(child, 'exit');
      expect(code).toBe(0);
    }
  });

  it('refuses a bad flag with a usage error (exit code 2) and a message that names it', async () => {
    const result = await runCliProcess(['emulator', '--time-scale', 'fast']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--time-scale must be a number/);
    const faults = await runCliProcess(['emulator', '--faults', 'meteor:0.5']);
    expect(faults.code).toBe(2);
    expect(faults.stderr).toMatch(/unknown fault meteor/);
  });

  it('prints help', async () => {
    const result = await runCliProcess(['emulator', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/--time-scale <factor>/);
  });
});
