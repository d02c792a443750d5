/**
 * The arguments of a call as a person deciding about it reads them: the fields that carry amounts
 * and counts first and whole, whatever order the model wrote them in and however long the others
 * are; the others after them, cut to fit.
 * @module
 */

/** Longest text of the other fields shown to the person; amounts and counts are never cut. */
export const MAX_OTHER_ARGUMENT_CHARS = 600;

// Words of a field name that say it carries an amount, a price, a count or a plan: what a person
// must see to know what they approve. Matched against the words of the name (`max_amount_usd`,
// `numImages`, `sample_count`), so that unlisted spellings of the same idea still count.
const WEIGHTY_WORDS = new Set([
  'amount',
  'amounts',
  'currency',
  'price',
  'prices',
  'cost',
  'costs',
  'total',
  'subtotal',
  'fee',
  'fees',
  'charge',
  'credits',
  'credit',
  'usd',
  'eur',
  'cents',
  'budget',
  'quantity',
  'quantities',
  'qty',
  'count',
  'counts',
  'num',
  'number',
  'samples',
  'sample',
  'seats',
  'units',
  'plan',
  'tier',
  'interval',
  'period',
  'months',
  'years',
  'duration',
  'seconds',
  'minutes',
  'recurring',
  'limit',
  'max',
  'n',
]);

function wordsOfName(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * Whether a field carries an amount or a count: its name says so (`amount`, `currency`, `price`,
 * `quantity`, `samples`, `plan`, `num_images`, ...), or its value is a number, which in a call
 * that needs approval is what decides how much.
 */
export function carriesAmount(name: string, value: unknown): boolean {
  if (typeof value === 'number' || typeof value === 'bigint') return true;
  return wordsOfName(name).some((word) => WEIGHTY_WORDS.has(word));
}

/** A call's arguments split for a person: those that carry amounts and counts, then the others. */
export interface ArgumentsAmountsFirst {
  /** Fields that carry amounts and counts, in the order given: always shown, never cut. */
  readonly amounts: ReadonlyArray<readonly [name: string, value: unknown]>;
  /** Every other field, in the order given: what may be cut or left out to fit. */
  readonly others: ReadonlyArray<readonly [name: string, value: unknown]>;
}

/**
 * The one ordering every approval question uses (MCP elicitation, `approve`'s message, `gentk
 * call`'s confirmation): the fields that carry amounts and counts first, whatever order the model
 * or the person wrote them in, so that no long value before them can push them out of sight.
 *
 * @example
 * argumentsAmountsFirst({ payment_method_id: 'pm_card_visa', amount: 9999 });
 * // { amounts: [['amount', 9999]], others: [['payment_method_id', 'pm_card_visa']] }
 */
export function argumentsAmountsFirst(args: Readonly<Record<string, unknown>>): ArgumentsAmountsFirst {
  const entries = Object.entries(args);
  return {
    amounts: entries.filter(([name, value]) => carriesAmount(name, value)),
    others: entries.filter(([name, value]) => !carriesAmount(name, value)),
  };
}

function cutText(text: string, room: number): string {
  return text.length <= room ? text : `${text.slice(0, Math.max(0, room))}… (cut)`;
}

/**
 * The arguments as JSON text, amounts and counts first and uncut, the other fields after them
 * within 600 characters (each cut value says so, and fields left out are
 * counted).
 *
 * @example
 * approvalArguments({ payment_method_id: 'pm_' + 'x'.repeat(5000), amount: 9999 });
 * // '{"amount":9999,"payment_method_id":"pm_xxxx…… (cut)"}'
 */
export function approvalArguments(args: unknown): string {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    const text = JSON.stringify(args) ?? '{}';
    return cutText(text, MAX_OTHER_ARGUMENT_CHARS);
  }
  const { amounts, others } = argumentsAmountsFirst(args as Record<string, unknown>);
  const shown: Record<string, unknown> = Object.fromEntries(amounts);
  let room = MAX_OTHER_ARGUMENT_CHARS;
  let left = 0;
  for (const [name, value] of others) {
    const text = JSON.stringify(value) ?? 'null';
    const cost = name.length + 4;
    if (room - cost < 8) {
      left += 1;
      continue;
    }
    if (text.length + cost <= room) {
      shown[name] = value;
      room -= text.length + cost;
    } else {
      // A value cut is shown as text: what was there, as far as it fits, and that it was cut.
      shown[name] = cutText(typeof value === 'string' ? value : text, room - cost);
      room = 0;
    }
  }
  if (left > 0) shown['…'] = `${left} more field(s) not shown`;
  return JSON.stringify(shown);
}
