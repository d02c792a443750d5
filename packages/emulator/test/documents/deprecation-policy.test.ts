import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulator, startEmulator } from '../../src/emulator.js';
import { API_VERSIONS } from '../../src/http/versioning.js';
import { tablesOf } from './markdown-reading.js';

const deprecatedAt = new Date('2030-01-01T00:00:00Z');
const sunsetAt = new Date('2030-06-01T00:00:00Z');
let emulator: Emulator;

beforeAll(async () => {
  emulator = await startEmulator({ v6Deprecation: { deprecatedAt, sunsetAt } });
});
afterAll(async () => {
  await emulator.close();
});

describe('GET /api-deprecation-policy', () => {
  it('states the 90-day rule and the headers that carry deprecation', async () => {
    const text = await (await fetch(`${emulator.url}/api-deprecation-policy`)).text();
    expect(text).toContain('At least 90 days');
    for (const header of ['Deprecation', 'Sunset', 'Service-Api-Version', 'Service-Api-Lifecycle']) {
      expect(text).toContain(`\`${header}\``);
    }
    expect(text).toContain('RFC 9745');
    expect(text).toContain('RFC 8594');
  });

  it('tables every version with its lifecycle and dates, from the options', async () => {
    const text = await (await fetch(`${emulator.url}/api-deprecation-policy`)).text();
    const table = tablesOf(text).find((candidate) => candidate[0]?.[0] === 'Version') as string[][];
    const [header, ...rows] = table;
    expect(header).toEqual(['Version', 'Lifecycle', 'Deprecated', 'Sunset']);
    expect(rows.map((row) => [row[0], row[1]])).toEqual(
      API_VERSIONS.map((version) => [version.version, version.lifecycle]),
    );
    const v6 = rows.find((row) => row[0] === 'v6') as string[];
    expect(new Date(v6[2] as string).getTime()).toBe(deprecatedAt.getTime());
    expect(new Date(v6[3] as string).getTime()).toBe(sunsetAt.getTime());
  });

  it('agrees with the dates the deprecated version answers with', async () => {
    const openapi = await (await fetch(`${emulator.url}/openapi.json`)).text();
    expect(openapi).toContain('sunsets on 2030-06-01');
  });
});
