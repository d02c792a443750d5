import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The folder `shared/` beside the checkout (or where GENTK_SHARED_DIR says): the spec, the
 * catalogue and the real OpenAPI fixtures.
 */
export const SHARED_DIR = process.env.GENTK_SHARED_DIR
  ? `${process.env.GENTK_SHARED_DIR.replace(/\/$/, '')}/`
  : fileURLToPath(new URL('../../../shared/', import.meta.url));

export function readSharedJson<T = unknown>(relativePath: string): T {
  return JSON.parse(readFileSync(`${SHARED_DIR}${relativePath}`, 'utf8')) as T;
}

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

export const operationsCatalogue = (): { generation: CatalogueEntry[]; control_plane: CatalogueEntry[] } =>
  readSharedJson('spec/operations.json');

export const REAL_OPENAPI_FIXTURES = [
  '3d-api.json',
  'llm-api.json',
  'video-api.json',
  'voice-cloning.json',
] as const;
