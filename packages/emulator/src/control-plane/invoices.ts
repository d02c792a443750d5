import { pdf } from '../files/media.js';
import { ok } from '../http/envelope.js';
import { toDollars } from '../money.js';
import type { Account, Invoice } from '../state/records.js';
import { notFound } from './api-error.js';
import { type OperationHandler, tokenHandler } from './handler.js';
import { newestFirst, paginate } from './paging.js';
import { CURRENCY, serializeInvoice } from './serialize-money.js';
import { iso } from './time.js';

/** How long a PDF link lives, in seconds of service time. */
const PDF_LINK_SECONDS = 3600;

function ownInvoice(account: Account, id: string): Invoice {
  const invoice = account.invoices.find((candidate) => candidate.id === id);
  if (!invoice) throw notFound('invoice', id);
  return invoice;
}

const listInvoices = tokenHandler(({ c, session, query }) => {
  const { items, pagination } = paginate(newestFirst(session.context.invoices), query);
  return ok(c, items.map(serializeInvoice), 200, { pagination });
});

const readInvoice = tokenHandler(({ c, session, params }) =>
  ok(c, serializeInvoice(ownInvoice(session.context, params.id ?? ''))),
);

/** Renders the invoice as a real one-page PDF behind a short-lived link. */
const invoicePdf = tokenHandler(({ c, ctx, session, params }) => {
  const invoice = ownInvoice(session.context, params.id ?? '');
  const line = `Invoice ${invoice.number} - ${invoice.description} - ${toDollars(invoice.amount).toFixed(2)} ${CURRENCY.toUpperCase()} - ${invoice.status}`;
  const expiresAt = ctx.clock.now() + ctx.serviceMs(PDF_LINK_SECONDS);
  const file = ctx.files.put({ folder: 'invoices', format: 'pdf', bytes: pdf(line), expiresAt });
  return ok(c, { url: `${c.get('origin')}${file.path}`, expires_at: iso(expiresAt) });
});

/** Handlers of the invoices of the acting account. */
export const INVOICE_HANDLERS: Record<string, OperationHandler> = {
  get_billing_invoices: listInvoices,
  get_billing_invoices_by_id: readInvoice,
  get_billing_invoices_by_id_pdf: invoicePdf,
};
