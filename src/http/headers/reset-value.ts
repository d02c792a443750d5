/**
 * A rate limit's reset, in whichever form a service writes it, as milliseconds from the answer:
 * delta seconds (`30`, `0.5`), epoch seconds or milliseconds (`1767225600`), Go durations as
 * OpenAI writes them (`6m0s`, `1h2m3.5s`, `20ms`), RFC 3339 instants as Anthropic writes them
 * (`2026-01-01T00:00:30Z`), ISO 8601 instants to the minute as Atlassian writes them
 * (`2026-03-26T16:00Z`, offsets as `+0100` too), the date JavaScript's `Date.toString` writes
 * (`Tue Feb 16 2021 09:02:42 GMT+0100 (Central European Standard Time)`, lemlist's), and HTTP
 * dates. Moments are read against the answer's own `Date`,
 * so that a skewed local clock neither stretches nor shrinks the wait. Total: undefined for
 * anything else.
 * @module
 */
import { parseHttpDate, serverClockOffset } from './http-date.js';

/** Delays are shorter than this many seconds; larger values are epoch seconds (after 2001-09-09). */
const EPOCH_SECONDS_THRESHOLD = 1_000_000_000;
const EPOCH_MS_THRESHOLD = 1_000_000_000_000;
const DECIMAL = /^\d{1,16}(\.\d{1,9})?$/;
const GO_DURATION = /^(\d{1,12}(\.\d{1,9})?(h|m|s|ms|us|µs|ns))+$/;
const GO_PART = /(\d{1,12}(?:\.\d{1,9})?)(h|ms|m|s|us|µs|ns)/g;
/** An ISO 8601 instant with its offset: RFC 3339, or to the minute, or with a `+hhmm` offset. */
const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2})(:\d{2}(\.\d{1,9})?)?([Zz]|[+-]\d{2}:?\d{2})$/;
/** `Date.prototype.toString`: `Tue Feb 16 2021 09:02:42 GMT+0100 (Central European Standard Time)`. */
const DATE_TO_STRING =
  /^[A-Z][a-z]{2} ([A-Z][a-z]{2}) (\d{2}) (\d{4}) (\d{2}:\d{2}:\d{2}) GMT([+-]\d{2})(\d{2})( \([^()]{0,64}\))?$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const UNIT_MS: Readonly<Record<string, number>> = {
  h: 3_600_000,
  m: 60_000,
  s: 1_000,
  ms: 1,
  us: 0.001,
  µs: 0.001,
  ns: 0.000_001,
};

export interface ResetContext {
  /** The answer's `Date` field. */
  readonly date: string | null;
  /** Local time the answer arrived. */
  readonly receivedAt: number;
  /** A bare number counts milliseconds rather than seconds (`...-reset-ms`). */
  readonly milliseconds?: boolean;
}

/** `6m0s` -> 360000; undefined when not a Go duration. */
export function parseGoDuration(text: string): number | undefined {
  if (!GO_DURATION.test(text)) return undefined;
  let total = 0;
  for (const [, amount, unit] of text.matchAll(GO_PART)) total += Number(amount) * UNIT_MS[unit!]!;
  return total;
}

/** Milliseconds from the answer until the reset, or undefined when `value` is no reset. */
export function parseResetValue(value: string | null, context: ResetContext): number | undefined {
  if (!value) return undefined;
  const date = parseHttpDate(value.trim());
  if (date !== undefined) return untilMoment(date, context);
  // Early drafts wrote Structured Field items: `30;w=60`. Parameters say nothing of the moment.
  const text = value.split(/[;,]/, 1)[0]!.trim();
  if (DECIMAL.test(text)) {
    // A measured time in milliseconds or finer (Discord's `1.123`, `1470173023.123`) is rounded
    // to its last digit, perhaps down: one more unit of it never ends before the server's reset.
    const point = text.indexOf('.');
    const decimals = point < 0 ? 0 : text.length - point - 1;
    const number = Number(text) + (decimals >= 3 ? 10 ** -decimals : 0);
    if (context.milliseconds && number < EPOCH_MS_THRESHOLD) return Math.ceil(number);
    if (number < EPOCH_SECONDS_THRESHOLD) return Math.ceil(number * 1000);
    return untilMoment(number >= EPOCH_MS_THRESHOLD ? number : number * 1000, context);
  }
  const duration = parseGoDuration(text);
  if (duration !== undefined) return Math.ceil(duration);
  const at = instantOf(value.trim());
  return at === undefined ? undefined : untilMoment(at, context);
}

/**
 * An ISO 8601 instant or a `Date.toString` date as epoch milliseconds, rewritten into the one
 * form every runtime's `Date.parse` reads the same (`2026-03-26T16:00:00Z`, `+01:00`); undefined
 * for anything else, so no runtime's lenient parse decides what a field means.
 */
function instantOf(text: string): number | undefined {
  const iso = ISO_INSTANT.exec(text);
  const written = (() => {
    if (iso) {
      const [, day, minute, seconds, , offset] = iso;
      const zone = /^[Zz]$/.test(offset!) ? 'Z' : `${offset!.slice(0, 3)}:${offset!.slice(-2)}`;
      return `${day}T${minute}${seconds ?? ':00'}${zone}`;
    }
    const dated = DATE_TO_STRING.exec(text);
    const month = dated ? MONTHS.indexOf(dated[1]!) + 1 : 0;
    if (!dated || month === 0) return undefined;
    const [, , day, year, time, hours, minutes] = dated;
    return `${year}-${String(month).padStart(2, '0')}-${day}T${time}${hours}:${minutes}`;
  })();
  if (written === undefined) return undefined;
  // `Date.parse` rolls 30 February over into March: a day its month does not have is no date.
  const [year, month, day] = written.slice(0, 10).split('-').map(Number);
  if (day! > new Date(Date.UTC(year!, month!, 0)).getUTCDate()) return undefined;
  const at = Date.parse(written);
  return Number.isFinite(at) ? at : undefined;
}

/**
 * How coarse `value` writes its moment: 1000 for whole seconds (delta or epoch seconds, HTTP
 * dates, RFC 3339 without a fraction), 60000 for an instant to the minute, a tenth or hundredth of that for one or two decimals;
 * undefined when it is as fine as a millisecond, or no reset. A server rounds its reset to this
 * grain (up, as GitHub's epoch seconds), so the moment it stands for may lie up to a grain
 * earlier: a window that resets at 10.3 s reads 11.
 */
export function resetGrainMs(value: string | null, context: ResetContext): number | undefined {
  if (!value) return undefined;
  if (parseHttpDate(value.trim()) !== undefined) return 1000;
  const text = value.split(/[;,]/, 1)[0]!.trim();
  if (DECIMAL.test(text)) {
    const decimals = text.split('.')[1]?.length ?? 0;
    const grain =
      (context.milliseconds && Number(text) < EPOCH_MS_THRESHOLD) || Number(text) >= EPOCH_MS_THRESHOLD
        ? 1
        : 1000 / 10 ** decimals;
    return grain > 1 ? grain : undefined;
  }
  const iso = ISO_INSTANT.exec(value.trim());
  // Written to the minute (Atlassian's `2026-03-26T16:00Z`): the moment lies within that minute.
  if (iso) return iso[3] === undefined ? 60_000 : iso[4] === undefined ? 1000 : undefined;
  return DATE_TO_STRING.test(value.trim()) ? 1000 : undefined;
}

function untilMoment(atMs: number, context: ResetContext): number {
  const offset = serverClockOffset(context.date, context.receivedAt);
  return Math.max(0, Math.ceil(atMs - offset - context.receivedAt));
}
