/**
 * `Deprecation` (RFC 9745): a Structured Field Date (`@1688169599`). Older drafts sent `true`
 * (or `?1`) and, before that, an HTTP-date; both are still met in the wild and accepted.
 * @module
 */
import { parseItem } from 'structured-headers';
import { parseHttpDate } from './http-date.js';

export interface DeprecationInfo {
  /** When the resource is (or will be) deprecated; absent for the date-less older form. */
  readonly date?: Date;
}

function fromStructuredField(text: string): DeprecationInfo | undefined {
  try {
    const [value] = parseItem(text);
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : { date: value };
    if (value === true) return {};
    return undefined;
  } catch {
    return undefined;
  }
}

/**
 * What the field says, or undefined when it is absent, `?0`/`false`, or unreadable. A
 * deprecation date in the future announces a deprecation; see {@link isDeprecatedAt}.
 */
export function parseDeprecation(value: string | null | undefined): DeprecationInfo | undefined {
  if (!value) return undefined;
  const text = value.trim();
  const structured = fromStructuredField(text);
  if (structured) return structured;
  if (text.toLowerCase() === 'true') return {};
  const ms = parseHttpDate(text);
  return ms === undefined ? undefined : { date: new Date(ms) };
}

/** Whether the deprecation is in effect at `nowMs` (a date-less deprecation always is). */
export function isDeprecatedAt(info: DeprecationInfo, nowMs: number): boolean {
  return info.date === undefined || info.date.getTime() <= nowMs;
}
