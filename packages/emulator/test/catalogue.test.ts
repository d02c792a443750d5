import { describe, expect, it } from 'vitest';
import { operationsCatalogue } from '../../../test/support/fixtures.js';
import {
  CONTROL_PLANE_OPERATIONS,
  CONTROL_PLANE_SCOPES,
  FIELDS,
  GENERATION_OPERATIONS,
} from '../src/catalogue/index.js';

const catalogue = operationsCatalogue();

describe('the emulator catalogue', () => {
  it('holds exactly the generation operations of operations.json, in its order', () => {
    const ours = GENERATION_OPERATIONS.map(
      ({ method, path, version, category, mode, summary, fetch, operationId }) => ({
        method,
        path,
        version,
        category,
        mode,
        summary,
        operationId,
        ...(fetch ? { fetch } : {}),
      }),
    );
    const theirs = catalogue.generation.map(({ notes: _notes, ...entry }) => entry);
    expect(ours).toEqual(theirs);
  });

  it('holds exactly the control-plane operations of operations.json with their scopes', () => {
    const ours = CONTROL_PLANE_OPERATIONS.map((operation) => ({
      method: operation.method,
      path: operation.path,
      scope: operation.requiredScope,
      summary: operation.summary,
      operationId: operation.operationId,
    }));
    const theirs = catalogue.control_plane.map((entry) => ({
      method: entry.method,
      path: entry.path,
      scope: entry['x-required-scope'],
      summary: entry.summary,
      operationId: entry.operationId,
    }));
    expect(ours).toEqual(theirs);
  });

  it('marks the money operations of operations.json as idempotent and no others', () => {
    const money = catalogue.control_plane
      .filter((entry) => entry.notes?.startsWith('money'))
      .map((e) => e.operationId);
    expect(CONTROL_PLANE_OPERATIONS.filter((op) => op.idempotent).map((op) => op.operationId)).toEqual(money);
  });

  it('names only fields of the field library', () => {
    for (const operation of GENERATION_OPERATIONS) {
      for (const field of [...operation.required, ...operation.optional, ...operation.query]) {
        expect(FIELDS, `${operation.operationId}.${field}`).toHaveProperty([field]);
      }
    }
  });

  it('requires every scope of the catalogue somewhere', () => {
    const required = new Set(CONTROL_PLANE_OPERATIONS.map((op) => op.requiredScope));
    for (const scope of CONTROL_PLANE_SCOPES) expect(required).toContain(scope.name);
  });
});
