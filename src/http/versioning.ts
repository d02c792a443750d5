/**
 * Reads what the service says about the life of the API it answered from: `Service-Api-Version`,
 * `Service-Api-Lifecycle`, `Deprecation` (RFC 9745) and `Sunset` (RFC 8594). A deprecated or
 * sunsetting version (or operation) is reported once per session; a sunset in the past stops
 * further calls to it unless allowed.
 * @module
 */
import type { Clock } from './clock.js';
import { isDeprecatedAt, parseDeprecation } from './headers/deprecation.js';
import { linksWithRelation } from './headers/link.js';
import { parseSunset } from './headers/sunset.js';
import type { Route } from './rate-limit/route-key.js';
import type { ResponseHeaders } from './transport.js';

/**
 * A notice for the user to route to a log or a person: about the API's life, (`insecure-storage`)
 * about where the session keeps its secrets, or (`budget-unrecorded`) about a call the budget's
 * store could not record the end of (it was sent, and its charge is not counted).
 *
 * @example
 * const session = await connect({
 *   baseUrl,
 *   apiKey,
 *   http: { onWarning: (warning) => console.warn(warning.kind, warning.subject, warning.sunsetAt) },
 * });
 */
export interface ServiceWarning {
  readonly kind:
    | 'deprecated'
    | 'sunset-scheduled'
    | 'sunset-passed'
    | 'insecure-storage'
    | 'budget-unrecorded';
  readonly message: string;
  /** What the notice is about: `version v6`, or `operation v6_images_text2img`. */
  readonly subject: string;
  readonly version?: string;
  readonly lifecycle?: string;
  readonly deprecatedAt?: Date;
  readonly sunsetAt?: Date;
  /** The deprecation and sunset policy documents the service linked. */
  readonly links: readonly string[];
}

/** What the versioning fields of one answer say. */
export interface VersionNotice {
  readonly warning?: ServiceWarning;
  /** Set when the answer's Sunset is in the past. */
  readonly sunsetPassed?: { readonly sunsetAt: Date; readonly subject: string; readonly version?: string };
}

const day = (date: Date) => date.toISOString().slice(0, 10);

export class VersionWatcher {
  readonly #warned = new Set<string>();
  readonly #sunsets = new Map<string, { sunsetAt: Date; subject: string; version?: string }>();

  constructor(private readonly clock: Clock) {}

  /** A sunset already seen for this route or its version, if any. */
  sunsetFor(route: Route): { sunsetAt: Date; subject: string; version?: string } | undefined {
    for (const key of [route.key, ...route.ancestors]) {
      const sunset = this.#sunsets.get(key);
      if (sunset) return sunset;
    }
    return undefined;
  }

  /** Reads one answer's fields; the warning is returned only the first time for its subject. */
  inspect(headers: ResponseHeaders, route: Route, operationId: string | undefined): VersionNotice {
    const deprecationField = headers.get('deprecation');
    const sunsetField = headers.get('sunset');
    const lifecycle = headers.get('service-api-lifecycle') ?? undefined;
    if (!deprecationField && !sunsetField && lifecycle?.toLowerCase() !== 'deprecated') return {};
    const version = headers.get('service-api-version') ?? undefined;
    const subject = version ? `version ${version}` : operationId ? `operation ${operationId}` : route.key;
    const now = this.clock.now();
    const deprecation = parseDeprecation(deprecationField);
    const sunsetAt = parseSunset(sunsetField);
    const links = [
      ...linksWithRelation(headers.get('link'), 'deprecation'),
      ...linksWithRelation(headers.get('link'), 'sunset'),
    ];
    let sunsetPassed: VersionNotice['sunsetPassed'];
    if (sunsetAt && sunsetAt.getTime() <= now) {
      sunsetPassed = { sunsetAt, subject, ...(version ? { version } : {}) };
      // A version's sunset covers every route of the version (its shortest path group).
      const scope = version ? (route.ancestors.at(-1) ?? route.key) : route.key;
      this.#sunsets.set(scope, sunsetPassed);
    }
    const deprecated =
      (deprecation !== undefined && isDeprecatedAt(deprecation, now)) ||
      lifecycle?.toLowerCase() === 'deprecated';
    const kind = sunsetPassed
      ? 'sunset-passed'
      : deprecated
        ? 'deprecated'
        : sunsetAt
          ? 'sunset-scheduled'
          : undefined;
    if (!kind || this.#warned.has(`${kind} ${subject}`)) return sunsetPassed ? { sunsetPassed } : {};
    this.#warned.add(`${kind} ${subject}`);
    const parts = [
      kind === 'sunset-passed'
        ? `The service's ${subject} is past its sunset`
        : `The service's ${subject} is deprecated`,
      deprecation?.date ? ` since ${day(deprecation.date)}` : '',
      sunsetAt ? `; it stops working on ${day(sunsetAt)}` : '',
      '. Move to a newer version',
      links[0] ? ` (policy: ${links[0]})` : '',
      '.',
    ];
    const warning: ServiceWarning = {
      kind,
      message: parts.join(''),
      subject,
      links,
      ...(version ? { version } : {}),
      ...(lifecycle ? { lifecycle } : {}),
      ...(deprecation?.date ? { deprecatedAt: deprecation.date } : {}),
      ...(sunsetAt ? { sunsetAt } : {}),
    };
    return { warning, ...(sunsetPassed ? { sunsetPassed } : {}) };
  }
}
