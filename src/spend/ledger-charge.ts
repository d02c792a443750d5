/**
 * What a call charged, read from the wallet's ledger: the debits (less the refunds) whose
 * reference is the call's request id. Services that report no charge in their answers still
 * record one there, for a session that may read the ledger.
 * @module
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The charge of `requestId` in a page of wallet transactions (`{ data: [{ type, amount,
 * reference }] }`, or the list itself); undefined when the page holds no debit for it.
 */
export function ledgerCharge(body: unknown, requestId: string | number): number | undefined {
  const list = Array.isArray(body) ? body : isRecord(body) ? body.data : undefined;
  if (!Array.isArray(list)) return undefined;
  let debited = 0;
  let refunded = 0;
  let found = false;
  for (const entry of list) {
    if (!isRecord(entry) || String(entry.reference) !== String(requestId)) continue;
    const amount =
      typeof entry.amount === 'number' && Number.isFinite(entry.amount) ? Math.abs(entry.amount) : 0;
    if (entry.type === 'debit') {
      debited += amount;
      found = true;
    } else if (entry.type === 'credit') refunded += amount;
  }
  return found ? Math.max(0, debited - refunded) : undefined;
}

const KEY_FIELDS = ['idempotency_key', 'idempotencyKey'] as const;

/**
 * The charge of the call sent with `idempotencyKey`, from a page of wallet transactions whose
 * entries carry the key of the request that made them: its debits less its refunds; 0 when the
 * page names keys but not this one (the service records every call's key, and this call charged
 * nothing); undefined when no entry names a key (this ledger cannot tell).
 */
export function ledgerChargeByKey(body: unknown, idempotencyKey: string): number | undefined {
  const list = Array.isArray(body) ? body : isRecord(body) ? body.data : undefined;
  if (!Array.isArray(list)) return undefined;
  let keyed = false;
  let debited = 0;
  let refunded = 0;
  for (const entry of list) {
    if (!isRecord(entry)) continue;
    const key = KEY_FIELDS.map((field) => entry[field]).find((value) => typeof value === 'string');
    if (key === undefined) continue;
    keyed = true;
    if (key !== idempotencyKey) continue;
    const amount =
      typeof entry.amount === 'number' && Number.isFinite(entry.amount) ? Math.abs(entry.amount) : 0;
    if (entry.type === 'debit') debited += amount;
    else if (entry.type === 'credit') refunded += amount;
  }
  return keyed ? Math.max(0, debited - refunded) : undefined;
}
