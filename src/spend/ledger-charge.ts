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
