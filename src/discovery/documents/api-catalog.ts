import type { SurfaceLinks } from '../types.js';

/** One API the catalogue lists: its description document and the links around it. */
export interface CatalogueEntry {
  readonly anchor?: string;
  readonly title?: string;
  /** The OpenAPI document (service-desc). */
  readonly specUrl: string;
  readonly links: SurfaceLinks;
}

export interface LinksetReading {
  readonly entries: CatalogueEntry[];
  /** Nested catalogues (`api-catalog` relations) to read next. */
  readonly nested: string[];
  readonly problems: string[];
}

interface Target {
  readonly href: string;
  readonly title?: string;
}

const RELATIONS: Record<keyof SurfaceLinks, string> = {
  serviceDoc: 'service-doc',
  status: 'status',
  termsOfService: 'terms-of-service',
  privacyPolicy: 'privacy-policy',
  deprecationPolicy: 'deprecation',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A relation's targets, whether written as an array, a single object, or bare strings. */
function targets(value: unknown, base: string): Target[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  const out: Target[] = [];
  for (const item of list) {
    const href =
      typeof item === 'string'
        ? item
        : isRecord(item) && typeof item.href === 'string'
          ? item.href
          : undefined;
    if (!href) continue;
    try {
      const resolved = new URL(href, base).href;
      const title = isRecord(item) && typeof item.title === 'string' ? item.title : undefined;
      out.push({ href: resolved, ...(title ? { title } : {}) });
    } catch {
      // An href that is not a URL is skipped; the caller reports the entry as incomplete.
    }
  }
  return out;
}

/**
 * Reads a linkset (RFC 9264 JSON, as RFC 9727 catalogues use) leniently: `linkset` may be an
 * array or a single context object, relation values arrays, objects or strings, hrefs relative to
 * the catalogue's URL. Every context with a `service-desc` becomes an entry.
 */
export function readLinkset(document: unknown, catalogueUrl: string): LinksetReading {
  const problems: string[] = [];
  const root = isRecord(document) ? document.linkset : undefined;
  const contexts = Array.isArray(root)
    ? root
    : isRecord(root)
      ? [root]
      : Array.isArray(document)
        ? document
        : [];
  if (contexts.length === 0) problems.push('no linkset contexts found');
  const entries: CatalogueEntry[] = [];
  const nested: string[] = [];
  for (const context of contexts) {
    if (!isRecord(context)) continue;
    let anchor: string | undefined;
    if (typeof context.anchor === 'string') {
      try {
        anchor = new URL(context.anchor, catalogueUrl).href;
      } catch {
        problems.push(`anchor ${JSON.stringify(context.anchor)} is not a URL`);
      }
    }
    for (const target of targets(context['api-catalog'], catalogueUrl)) nested.push(target.href);
    const descriptions = targets(context['service-desc'], catalogueUrl);
    const links: Record<string, string> = {};
    for (const [field, relation] of Object.entries(RELATIONS)) {
      const first = targets(context[relation], catalogueUrl)[0];
      if (first) links[field] = first.href;
    }
    for (const description of descriptions) {
      entries.push({
        ...(anchor ? { anchor } : {}),
        ...(description.title ? { title: description.title } : {}),
        specUrl: description.href,
        links,
      });
    }
  }
  return { entries, nested, problems };
}
