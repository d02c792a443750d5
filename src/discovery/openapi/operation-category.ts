/**
 * The version and category of an operation, read from its path.
 * @module
 */

// Path segments that name the same category as another: the service's families under one word.
const CATEGORY_ALIASES: Readonly<Record<string, string>> = {
  images: 'image',
  realtime: 'image',
  voice: 'audio',
  'video-fusion': 'video',
  image_editing: 'image-editing',
  me: 'profile',
  uploads: 'files',
  payments: 'wallet',
  subscription: 'subscriptions',
};

const VERSION_SEGMENT = /^v\d+$/i;

/** The first `/v<N>/` segment of the path (`v6`, `v1`), when there is one. */
export function versionOf(path: string): string | undefined {
  return path
    .split('/')
    .find((segment) => VERSION_SEGMENT.test(segment))
    ?.toLowerCase();
}

/**
 * The segment after the version (`/api/v6/voice/...` -> `audio`, `/api/agents/v1/billing/...` ->
 * `billing`), normalised; else the first tag.
 */
export function categoryOf(path: string, tags: readonly string[]): string | undefined {
  const segments = path.split('/').filter(Boolean);
  const versionIndex = segments.findIndex((segment) => VERSION_SEGMENT.test(segment));
  const next = versionIndex === -1 ? undefined : segments[versionIndex + 1];
  if (next !== undefined && !/^\{.*\}$/.test(next)) {
    const lowered = next.toLowerCase();
    return Object.hasOwn(CATEGORY_ALIASES, lowered) ? (CATEGORY_ALIASES[lowered] as string) : lowered;
  }
  return tags[0];
}
