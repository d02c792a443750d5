/**
 * The targets of a `Link` field (RFC 8288) with a given relation, e.g. the deprecation policy
 * (`rel="deprecation"`, RFC 9745) or the sunset notice (`rel="sunset"`, RFC 8594).
 * @module
 */

const LINK_VALUE = /<([^>]*)>((?:\s*;\s*[^;,<]+)*)/g;
const REL_PARAMETER = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i;

/** Every target URL in `value` whose `rel` includes `relation` (case-insensitive). */
export function linksWithRelation(value: string | null | undefined, relation: string): string[] {
  if (!value) return [];
  const wanted = relation.toLowerCase();
  const targets: string[] = [];
  for (const match of value.matchAll(LINK_VALUE)) {
    const rel = REL_PARAMETER.exec(match[2] ?? '');
    const relations = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (relations.includes(wanted) && match[1]) targets.push(match[1]);
  }
  return targets;
}
