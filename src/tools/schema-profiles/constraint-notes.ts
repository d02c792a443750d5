/**
 * Constraints a model family cannot be given as keywords, said in words in the description instead,
 * so the model still knows them (the validator enforces them either way).
 * @module
 */

import type { JsonSchema } from '../../discovery/types.js';
import { briefJson } from '../../schema/schema-node.js';

const FORMAT_WORDS: Readonly<Record<string, string>> = {
  uri: 'A URL',
  url: 'A URL',
  'uri-reference': 'A URL or path',
  email: 'An e-mail address',
  'date-time': 'A date and time (RFC 3339)',
  date: 'A date (YYYY-MM-DD)',
  time: 'A time (HH:MM:SS)',
  uuid: 'A UUID',
  hostname: 'A host name',
  ipv4: 'An IPv4 address',
  ipv6: 'An IPv6 address',
};

/**
 * A short sentence for each of `keywords` that `node` has, e.g. `1 to 4000 characters.`,
 * `A URL.`, `Default: 512.` Keywords it lacks, or that say nothing a model needs, give nothing.
 */
export function constraintNotes(node: JsonSchema, keywords: readonly string[]): string[] {
  const has = (keyword: string) => keywords.includes(keyword) && node[keyword] !== undefined;
  const notes: string[] = [];
  const range = (low: unknown, high: unknown, unit: string) => {
    const suffix = unit ? ` ${unit}` : '';
    // A bound the description already states ("Password, at least 8 characters.") is not said again.
    const lowToSay = typeof low === 'number' && !statesBound(node.description, low);
    const highToSay = typeof high === 'number' && !statesBound(node.description, high);
    if (lowToSay && highToSay && low === high) notes.push(`Exactly ${low}${suffix}.`);
    else if (lowToSay && highToSay) notes.push(`From ${low} to ${high}${suffix}.`);
    else if (lowToSay) notes.push(`At least ${low}${suffix}.`);
    else if (highToSay) notes.push(`At most ${high}${suffix}.`);
  };
  if (has('minLength') || has('maxLength'))
    range(
      has('minLength') ? node.minLength : undefined,
      has('maxLength') ? node.maxLength : undefined,
      'characters',
    );
  if (has('minimum') || has('maximum'))
    range(has('minimum') ? node.minimum : undefined, has('maximum') ? node.maximum : undefined, '');
  if (has('exclusiveMinimum')) notes.push(`Greater than ${String(node.exclusiveMinimum)}.`);
  if (has('exclusiveMaximum')) notes.push(`Less than ${String(node.exclusiveMaximum)}.`);
  if (has('multipleOf')) notes.push(`A multiple of ${String(node.multipleOf)}.`);
  if (has('minItems') || has('maxItems'))
    range(has('minItems') ? node.minItems : undefined, has('maxItems') ? node.maxItems : undefined, 'items');
  if (has('uniqueItems') && node.uniqueItems === true) notes.push('Items must be unique.');
  if (has('minProperties') || has('maxProperties'))
    range(
      has('minProperties') ? node.minProperties : undefined,
      has('maxProperties') ? node.maxProperties : undefined,
      'entries',
    );
  if (has('format') && typeof node.format === 'string' && !saysAlready(node.description, node.format))
    notes.push(`${FORMAT_WORDS[node.format] ?? `Format: ${node.format}`}.`);
  if (has('pattern') && typeof node.pattern === 'string') notes.push(`Must match ${node.pattern}.`);
  if (has('const')) notes.push(`Must be ${briefJson(node.const, 60)}.`);
  if (has('default')) notes.push(`Default: ${briefJson(node.default, 60)}.`);
  return notes;
}

/** Whether `description` already states `bound` as a bound: "at least 8", "up to 128", "from 2 to 5". */
function statesBound(description: unknown, bound: number): boolean {
  if (typeof description !== 'string') return false;
  const number = String(bound).replace('.', '\\.');
  return new RegExp(
    `\\b(?:at least|at most|up to|no more than|minimum(?: of)?|maximum(?: of)?|min|max|from|to|between|and|exactly)\\s+${number}(?![\\d.])`,
    'i',
  ).test(description);
}

/** Whether the description already says what the format would (a "URL" field that says URL). */
function saysAlready(description: unknown, format: string): boolean {
  if (typeof description !== 'string') return false;
  const words: Readonly<Record<string, RegExp>> = {
    uri: /\b(url|uri|link)\b/i,
    url: /\b(url|link)\b/i,
    email: /e-?mail/i,
  };
  return words[format]?.test(description) ?? false;
}

/** `description` followed by `notes`, each note a sentence; undefined when both are empty. */
export function describeWith(description: unknown, notes: readonly string[]): string | undefined {
  const text = typeof description === 'string' ? description.trim() : '';
  // No sentence twice: a note the description already holds is left out.
  const said = text.toLowerCase();
  const parts = [
    text,
    ...notes.filter((note) => !said.includes(note.toLowerCase().replace(/\.$/, ''))),
  ].filter(Boolean);
  if (parts.length === 0) return undefined;
  return parts
    .map((part, index) => (index < parts.length - 1 && !/[.!?:)]$/.test(part) ? `${part}.` : part))
    .join(' ');
}

/** `{ description }`: the node's description with `notes` appended, or nothing when there is nothing to say. */
export function described(node: JsonSchema, notes: readonly string[]): { description?: string } {
  const description = describeWith(node.description, notes);
  return description === undefined ? {} : { description };
}
