/**
 * The fixtures the tests read, kept in the repository (`test/fixtures/`, see its README): the
 * catalogue of the service's operations and four OpenAPI documents published for the production
 * service. Paths resolve from this file, so a test finds them whatever its working directory.
 */
import { readFileSync } from 'node:fs';

const FIXTURES = new URL('../fixtures/', import.meta.url);

/** The text of `test/fixtures/<relativePath>`, byte for byte. */
export function readFixtureText(relativePath: string): string {
  return readFileSync(new URL(relativePath, FIXTURES), 'utf8');
}

/** `test/fixtures/<relativePath>` parsed as JSON. */
export function readFixtureJson<T = unknown>(relativePath: string): T {
  return JSON.parse(readFixtureText(relativePath)) as T;
}

/** One operation of `operations.json`, as the specification lists it. */
export interface CatalogueEntry {
  method: string;
  path: string;
  operationId: string;
  summary: string;
  version?: string;
  category?: string;
  mode?: string;
  fetch?: string;
  notes?: string;
  'x-required-scope'?: string | null;
}

/** Every operation of both surfaces, as the specification lists them (133 generation, 75 control plane). */
export const operationsCatalogue = (): { generation: CatalogueEntry[]; control_plane: CatalogueEntry[] } =>
  readFixtureJson('operations.json');

/** The OpenAPI documents published for the production service, under `test/fixtures/real-openapi/`. */
export const REAL_OPENAPI_FIXTURES = [
  '3d-api.json',
  'llm-api.json',
  'video-api.json',
  'voice-cloning.json',
] as const;

/** The text of one real OpenAPI document, as published. */
export const realOpenApiText = (name: (typeof REAL_OPENAPI_FIXTURES)[number]): string =>
  readFixtureText(`real-openapi/${name}`);
