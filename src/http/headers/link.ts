/**
 * The targets of a `Link` field (RFC 8288) with a given relation, e.g. the deprecation policy
 * (`rel="deprecation"`, RFC 9745) or the sunset notice (`rel="sunset"`, RFC 8594).
 *
 * The field is the service's text: it is read in one pass, each character looked at a bounded
 * number of times, so a field of 16,000 `<` costs what its length says (an expression with
 * `[^>]*` after each `<` read the rest of the field once per `<`).
 * @module
 */

const REL_PARAMETER = /^\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i;

/** One link value: its target and the text of its parameters. */
interface LinkValue {
  readonly target: string;
  readonly parameters: string;
}

/** The link values of `field`, in one left-to-right pass. */
function linkValues(field: string): LinkValue[] {
  const values: LinkValue[] = [];
  let index = 0;
  while (index < field.length) {
    const open = field.indexOf('<', index);
    if (open === -1) break;
    const close = field.indexOf('>', open + 1);
    if (close === -1) break;
    const nested = field.lastIndexOf('<', close);
    // `<<<x>`: only the last `<` before the `>` opens the target; the ones before it are noise.
    const target = field.slice(nested + 1, close);
    // Parameters run to the next `,` outside quotes, or to the next `<`.
    let end = close + 1;
    let quoted = false;
    for (; end < field.length; end += 1) {
      const character = field[end];
      if (character === '"') quoted = !quoted;
      else if (!quoted && (character === ',' || character === '<')) break;
    }
    values.push({ target, parameters: field.slice(close + 1, end) });
    index = end;
  }
  return values;
}

/** The relations a link value's parameters name in `rel` (lower case). */
function relationsOf(parameters: string): string[] {
  for (const parameter of parameters.split(';')) {
    const rel = REL_PARAMETER.exec(parameter);
    if (rel) return (rel[1] ?? rel[2] ?? '').toLowerCase().split(/\s+/);
  }
  return [];
}

/** Every target URL in `value` whose `rel` includes `relation` (case-insensitive). */
export function linksWithRelation(value: string | null | undefined, relation: string): string[] {
  if (!value) return [];
  const wanted = relation.toLowerCase();
  const targets: string[] = [];
  for (const link of linkValues(value)) {
    if (link.target && relationsOf(link.parameters).includes(wanted)) targets.push(link.target);
  }
  return targets;
}
