import type { EmulatorContext } from '../context.js';
import type { Micros } from '../money.js';
import type { Account, Invoice } from '../state/records.js';

/** Issues an invoice: `paid` for every succeeded payment, `open` for a renewal that could not be charged. */
export function issueInvoice(
  ctx: EmulatorContext,
  account: Account,
  input: {
    amount: Micros;
    description: string;
    paymentId: string | null;
    status: Invoice['status'];
    subscriptionId?: string;
  },
): Invoice {
  const sequence = String(account.invoices.length + 1).padStart(4, '0');
  const invoice: Invoice = {
    id: ctx.state.nextId('in'),
    number: `EMU-${account.id.slice(-6).toUpperCase()}-${sequence}`,
    amount: input.amount,
    status: input.status,
    description: input.description,
    createdAt: ctx.clock.now(),
    paymentId: input.paymentId,
    ...(input.subscriptionId ? { subscriptionId: input.subscriptionId } : {}),
  };
  account.invoices.push(invoice);
  return invoice;
}
