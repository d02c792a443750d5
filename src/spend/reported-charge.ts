/**
 * What a finished call charged, where the service's answer says it. The service documents no such
 * field, so only plain numbers under the names services use are read (`cost`, `charged`,
 * `credits_charged`, `credits_used`, or those under `usage`); anything else is not a charge.
 * @module
 */

const FIELDS = ['charged', 'cost', 'credits_charged', 'credits_used'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function numberField(record: Record<string, unknown>): number | undefined {
  for (const name of FIELDS) {
    const value = record[name];
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0 && value < 1e9) return value;
  }
  return undefined;
}

/** The charge an answer reports, in the major unit; undefined when it reports none. */
export function reportedCharge(body: unknown): number | undefined {
  if (!isRecord(body)) return undefined;
  return numberField(body) ?? (isRecord(body.usage) ? numberField(body.usage) : undefined);
}
