/**
 * HTTP-date (RFC 9110 section 5.6.7) in its three forms: IMF-fixdate, the obsolete RFC 850 form
 * and asctime. `Date.parse` is not used because it reads asctime as local time and accepts
 * far more than the grammar.
 * @module
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const IMF_FIXDATE = /^[A-Za-z]{3}, (\d{2}) ([A-Za-z]{3}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const RFC_850 = /^[A-Za-z]{6,9}, (\d{2})-([A-Za-z]{3})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const ASCTIME = /^[A-Za-z]{3} ([A-Za-z]{3}) ([ \d]\d) (\d{2}):(\d{2}):(\d{2}) (\d{4})$/;

function build(
  year: number,
  monthName: string,
  day: number,
  hours: number,
  minutes: number,
  seconds: number,
): number | undefined {
  const month = MONTHS.indexOf(monthName.toLowerCase());
  if (month < 0 || day < 1 || day > 31 || hours > 23 || minutes > 59 || seconds > 60) return undefined;
  const ms = Date.UTC(year, month, day, hours, minutes, Math.min(seconds, 59));
  // Date.UTC rolls 31 Feb over into March: refuse dates that do not exist.
  return new Date(ms).getUTCDate() === day ? ms : undefined;
}

/** Milliseconds since the epoch of an HTTP-date, or undefined when `value` is not one. */
export function parseHttpDate(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  let match = IMF_FIXDATE.exec(text);
  if (match) {
    const [, day, month, year, h, m, s] = match.map(String) as [string, ...string[]];
    return build(Number(year), month!, Number(day), Number(h), Number(m), Number(s));
  }
  match = RFC_850.exec(text);
  if (match) {
    const [, day, month, shortYear, h, m, s] = match.map(String) as [string, ...string[]];
    // RFC 9110: a two-digit year more than 50 years in the future means the past century.
    const thisYear = new Date().getUTCFullYear();
    let year = 2000 + Number(shortYear);
    if (year > thisYear + 50) year -= 100;
    return build(year, month!, Number(day), Number(h), Number(m), Number(s));
  }
  match = ASCTIME.exec(text);
  if (match) {
    const [, month, day, h, m, s, year] = match.map(String) as [string, ...string[]];
    return build(Number(year), month!, Number(day!.trim()), Number(h), Number(m), Number(s));
  }
  return undefined;
}

/**
 * How far the server's clock runs ahead of ours (negative: behind), from an answer's `Date`
 * received at `receivedAt`; 0 when they agree within what `Date` can tell. `Date` has whole
 * seconds (truncated) and the answer took time to arrive, so a reading up to two seconds behind
 * or one ahead is agreement: measuring a reset or a `Retry-After` date against it would add up
 * to a second to every wait.
 */
export function serverClockOffset(date: string | null | undefined, receivedAt: number): number {
  const serverNow = parseHttpDate(date);
  if (serverNow === undefined) return 0;
  const offset = serverNow - receivedAt;
  return offset > -2_000 && offset <= 1_000 ? 0 : offset;
}
