import { startEmulator } from 'generation-agent-toolkit-emulator';
import { discover } from '../../../src/discovery/discover.js';
import type { DeprecationPolicy } from '../../../src/discovery/documents/deprecation-policy.js';
import { readOpenApiSurface } from '../../../src/discovery/openapi/index.js';
import type { JsonSchema, Operation } from '../../../src/discovery/types.js';
import { REAL_OPENAPI_FIXTURES, readFixtureJson } from '../../support/fixtures.js';
import { rawInputSchemas } from './raw-input-schemas.js';

/** A set of operations to turn into tools, as the toolkit meets it. */
export interface OperationSet {
  readonly label: string;
  readonly operations: readonly Operation[];
  /** Each operation's request schema as its document publishes it, for the naive baseline. */
  readonly rawInputSchemas: ReadonlyMap<string, JsonSchema>;
  /** The versions' deprecation and sunset dates, when the service publishes a policy. */
  readonly deprecationPolicy?: DeprecationPolicy;
}

/** Every operation of the emulator (208), read by `discover()`, with the raw schemas of its documents. */
export async function emulatorOperations(): Promise<OperationSet> {
  const emulator = await startEmulator();
  try {
    const service = await discover(emulator.url);
    const raw = new Map<string, JsonSchema>();
    for (const surface of service.surfaces) {
      const document = await fetchJson(surface.specUrl);
      for (const [id, schema] of rawInputSchemas(document, service.operations)) raw.set(id, schema);
    }
    return {
      label: 'emulator',
      operations: service.operations,
      rawInputSchemas: raw,
      ...(service.deprecationPolicy ? { deprecationPolicy: service.deprecationPolicy } : {}),
    };
  } finally {
    await emulator.close();
  }
}

/** The operations of the four real OpenAPI fixtures (33), read as they are. */
export async function fixtureOperations(): Promise<OperationSet> {
  const operations: Operation[] = [];
  const raw = new Map<string, JsonSchema>();
  for (const name of REAL_OPENAPI_FIXTURES) {
    const document = readFixtureJson(`real-openapi/${name}`);
    const reading = await readOpenApiSurface({
      document,
      documentUrl: `http://127.0.0.1:4010/${name}`,
      surfaceId: name.replace(/\.json$/, ''),
      serviceOrigin: 'http://127.0.0.1:4010',
    });
    operations.push(...reading.operations);
    for (const [id, schema] of rawInputSchemas(document, reading.operations)) raw.set(id, schema);
  }
  return { label: 'real fixtures', operations, rawInputSchemas: raw };
}

/** The JSON at `url`; tried again when a kept-alive connection is reset under parallel test load. */
async function fetchJson(url: string): Promise<unknown> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const response = await fetch(url);
      return await response.json();
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}
