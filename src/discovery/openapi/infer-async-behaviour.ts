/**
 * Which operations are fetches, which are asynchronous, and which fetch operation collects each
 * asynchronous operation's result, in which of the service's two styles.
 * @module
 */

import type { AsyncBehaviour, HttpMethod, OperationInput } from '../types.js';
import { appendPointer, parseInternalPointer, toJsonPointer } from './json-pointer.js';
import { successResponses } from './operation-output.js';
import { isPlainObject } from './plain-object.js';
import type { WarningCollector } from './warning-collector.js';

/** What the inference needs to know of one operation. */
export interface AsyncCandidate {
  readonly id: string;
  /** The document's own operationId, which links name. */
  readonly declaredId: string | undefined;
  readonly method: HttpMethod;
  /** Full path, server prefix included. */
  readonly path: string;
  /** JSON Pointer of the operation, which an `operationRef` names. */
  readonly at: string;
  readonly operation: Record<string, unknown>;
  /** A 2xx answer can say `processing`. */
  readonly answersProcessing: boolean;
  readonly input: OperationInput;
  /**
   * Evidence stronger than the method (its scope, annotations, money or destruction in its path)
   * says it changes something: it is never taken for a fetch, which the toolkit calls on its own.
   */
  readonly changes?: boolean;
}

/** The inference for one operation. */
export interface AsyncReading {
  readonly isFetch: boolean;
  readonly async?: AsyncBehaviour;
  /** For a fetch operation: how it takes the queued id. */
  readonly takesId?: Pick<AsyncBehaviour, 'fetchStyle' | 'idField'>;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);
const isTemplate = (segment: string | undefined) => segment !== undefined && /^\{.+\}$/.test(segment);
const isStatusSegment = (segment: string | undefined) =>
  segment !== undefined && /(?:^|[_-])status$/i.test(segment);
// A link whose name says it fetches is preferred over other links (cancel, delete, ...).
const FETCH_LINK_NAME = /fetch|result|status|poll/i;

/**
 * The family a fetch path serves, by its shape, or undefined when the path is not a fetch:
 * `.../fetch`, `.../fetch/{id}`, `.../<x>_status/{id}` (the part before is the family).
 */
export function fetchFamilyByPath(path: string): string[] | undefined {
  const segments = segmentsOf(path);
  const last = segments.at(-1);
  const beforeLast = segments.at(-2);
  if (last === 'fetch') return segments.slice(0, -1);
  if (isTemplate(last) && beforeLast === 'fetch') return segments.slice(0, -2);
  if (isTemplate(last) && isStatusSegment(beforeLast)) return segments.slice(0, -2);
  return undefined;
}

/** Reads fetch roles and asynchronous behaviour for all operations of one document, in order. */
export function inferAsyncBehaviour(
  candidates: readonly AsyncCandidate[],
  warnings: WarningCollector,
): AsyncReading[] {
  const families = candidates.map((candidate) =>
    candidate.changes === true ? undefined : fetchFamilyByPath(candidate.path),
  );
  const isFetch = families.map((family) => family !== undefined);
  const queues = (index: number) =>
    (candidates[index] as AsyncCandidate).answersProcessing && !isFetch[index];

  // 1. Links: the document names the fetch operation of a queued answer.
  const linked = new Map<number, number>();
  candidates.forEach((candidate, index) => {
    if (!queues(index)) return;
    const target = linkedFetch(candidate, candidates, isFetch, warnings);
    if (target === undefined) return;
    linked.set(index, target);
    isFetch[target] = true;
    families[target] ??= segmentsOf((candidates[target] as AsyncCandidate).path).slice(0, -1);
  });

  // 2. A GET of `<family>/{id}` beside an asynchronous `<family>/<operation>` reads its result.
  candidates.forEach((candidate, index) => {
    if (!queues(index) || linked.has(index)) return;
    const family = segmentsOf(candidate.path).slice(0, -1);
    candidates.forEach((other, otherIndex) => {
      const segments = segmentsOf(other.path);
      if (
        other.method === 'GET' &&
        other.changes !== true &&
        !isFetch[otherIndex] &&
        segments.length === family.length + 1 &&
        isTemplate(segments.at(-1)) &&
        family.every((segment, position) => segments[position] === segment)
      ) {
        isFetch[otherIndex] = true;
        families[otherIndex] = family;
      }
    });
  });

  // 3. Without a link, the fetch operation of the closest family (the longest shared prefix).
  return candidates.map((candidate, index) => {
    if (isFetch[index]) return { isFetch: true, takesId: fetchStyleOf(candidate) };
    if (!candidate.answersProcessing) return { isFetch: false };
    const target = linked.get(index) ?? closestFetch(candidate, candidates, families, isFetch);
    if (target === undefined) return { isFetch: false, async: { fetchStyle: 'unknown' } };
    const fetcher = candidates[target] as AsyncCandidate;
    const style = fetchStyleOf(fetcher);
    if (style.fetchStyle === 'unknown') {
      warnings.warn({
        code: 'fetch-style-unknown',
        at: fetcher.at,
        message: `"${fetcher.id}" fetches the results of "${candidate.id}" but takes the id neither in its path nor as request_id; the answer's fetch_result will be used.`,
      });
    }
    return { isFetch: false, async: { fetchOperationId: fetcher.id, ...style } };
  });
}

/** The fetch operation named by an OpenAPI Link of a 2xx answer, as an index. */
function linkedFetch(
  candidate: AsyncCandidate,
  candidates: readonly AsyncCandidate[],
  isFetch: readonly boolean[],
  warnings: WarningCollector,
): number | undefined {
  const found: { name: string; target: number }[] = [];
  for (const { response, at } of successResponses(candidate.operation, candidate.at)) {
    if (!isPlainObject(response.links)) continue;
    for (const [name, link] of Object.entries(response.links)) {
      if (!isPlainObject(link)) continue;
      const linkAt = appendPointer(at, 'links', name);
      const target = linkTarget(link, candidates);
      if (target !== undefined && (candidates[target] as AsyncCandidate).changes === true) {
        warnings.warn({
          code: 'link-to-writing-operation',
          at: linkAt,
          message: `The link names "${(candidates[target] as AsyncCandidate).id}", whose scope, annotations or path say it changes something; it is not taken for a fetch.`,
        });
        continue;
      }
      if (target === undefined) {
        warnings.warn({
          code: 'broken-link',
          at: linkAt,
          message: `The link names ${JSON.stringify(link.operationId ?? link.operationRef)}, which is not an operation of this document; it is ignored.`,
        });
        continue;
      }
      found.push({ name, target });
    }
  }
  const rank = ({ name, target }: { name: string; target: number }) =>
    FETCH_LINK_NAME.test(name) ? 0 : isFetch[target] ? 1 : 2;
  return found.sort((a, b) => rank(a) - rank(b))[0]?.target;
}

function linkTarget(
  link: Record<string, unknown>,
  candidates: readonly AsyncCandidate[],
): number | undefined {
  if (typeof link.operationId === 'string') {
    const wanted = link.operationId;
    const index = candidates.findIndex((candidate) => candidate.declaredId === wanted);
    return index === -1 ? undefined : index;
  }
  if (typeof link.operationRef === 'string') {
    // Only a reference into this document: an operation elsewhere is never followed.
    const segments = parseInternalPointer(link.operationRef);
    if (segments === undefined) return undefined;
    const pointer = toJsonPointer(segments);
    const index = candidates.findIndex((candidate) => candidate.at.toLowerCase() === pointer.toLowerCase());
    return index === -1 ? undefined : index;
  }
  return undefined;
}

/** The fetch operation whose family is the longest prefix of the operation's own family. */
function closestFetch(
  candidate: AsyncCandidate,
  candidates: readonly AsyncCandidate[],
  families: readonly (string[] | undefined)[],
  isFetch: readonly boolean[],
): number | undefined {
  const family = segmentsOf(candidate.path).slice(0, -1);
  let best: number | undefined;
  let bestScore = -1;
  candidates.forEach((other, index) => {
    const otherFamily = families[index];
    if (!isFetch[index] || otherFamily === undefined || otherFamily.length > family.length) return;
    if (!otherFamily.every((segment, position) => family[position] === segment)) return;
    // Longer shared prefix first; among equals a `/fetch` route before a status route.
    const score = otherFamily.length * 2 + (segmentsOf(other.path).includes('fetch') ? 1 : 0);
    if (score > bestScore) {
      best = index;
      bestScore = score;
    }
  });
  return best;
}

/** How the queued id reaches a fetch operation: its last path parameter, else `request_id` in its body. */
function fetchStyleOf(fetcher: AsyncCandidate): Pick<AsyncBehaviour, 'fetchStyle' | 'idField'> {
  const { input } = fetcher;
  const wireNames = input.wireNames ?? {};
  const wire = (name: string) => (Object.hasOwn(wireNames, name) ? (wireNames[name] as string) : name);
  const lastTemplate = [...fetcher.path.matchAll(/\{([^}]+)\}/g)].at(-1)?.[1];
  if (lastTemplate !== undefined) return { fetchStyle: 'path', idField: lastTemplate };
  const entries = Object.entries(input.locations);
  for (const field of ['request_id', 'id']) {
    if (entries.some(([name, location]) => location === 'body' && wire(name) === field))
      return { fetchStyle: 'body', idField: field };
  }
  return { fetchStyle: 'unknown' };
}
