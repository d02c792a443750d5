/**
 * Small readers of values that `structured-headers` parsed: total, returning undefined for
 * anything that is not what the rate-limit fields expect.
 * @module
 */
import { type BareItem, type Item, type List, parseList, Token } from 'structured-headers';

/** An integer >= 0, or undefined. */
export function nonNegativeInteger(value: BareItem | undefined): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** A policy name: a String, or a Token (draft 08). */
export function nameOf(value: BareItem): string | undefined {
  if (typeof value === 'string') return value;
  // Draft 08 named policies with Tokens, later drafts with Strings: accept both.
  if (value instanceof Token) return value.toString();
  return undefined;
}

/** A partition key as base64 (a Byte Sequence), or as sent (a String). */
export function partitionKeyOf(value: BareItem | undefined): string | undefined {
  // btoa, not Buffer: edge runtimes have no Buffer.
  if (value instanceof ArrayBuffer) return btoa(String.fromCharCode(...new Uint8Array(value)));
  if (typeof value === 'string') return value;
  return undefined;
}

/** The plain Items of a List. */
export function items(list: List): Item[] {
  // Inner lists mean nothing to these fields; keep only plain items.
  return list.filter((member): member is Item => !Array.isArray(member[0]));
}

/** `parseList`, or undefined when the field is absent or malformed. */
export function safeList(value: string | null): List | undefined {
  if (!value) return undefined;
  try {
    return parseList(value);
  } catch {
    return undefined;
  }
}

/** Seconds to milliseconds, passing undefined through. */
export function seconds(value: number | undefined): number | undefined {
  return value === undefined ? undefined : value * 1000;
}
