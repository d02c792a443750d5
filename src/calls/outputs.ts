/**
 * A file a call produced: where it is, what it is, and until when it can be fetched.
 * @inline
 */
export interface CallOutput {
  readonly url: string;
  readonly mediaType?: string;
  /** ISO time after which the URL stops working, when the service says results expire. */
  readonly expiresAt?: string;
}

const MEDIA_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  glb: 'model/gltf-binary',
  gltf: 'model/gltf+json',
  obj: 'model/obj',
  stl: 'model/stl',
  ply: 'application/ply',
  txt: 'text/plain',
  json: 'application/json',
  pdf: 'application/pdf',
};

/** Result fields that hold result URLs, in the order the service's families use them. */
const URL_FIELDS = ['images', 'output', 'audio_url', 'links', 'proxy_links'] as const;

/** Video results live 24 hours (service-spec.md, Limits). */
const VIDEO_LIFETIME_MS = 24 * 3600 * 1000;

export function mediaTypeOf(url: string): string | undefined {
  try {
    const extension = new URL(url).pathname.split('.').pop()?.toLowerCase();
    return extension ? MEDIA_TYPES[extension] : undefined;
  } catch {
    return undefined;
  }
}

function urlsIn(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((item): item is string => typeof item === 'string' && /^https?:\/\//i.test(item));
}

/**
 * The result files of a finished answer, whichever field the family puts them in (`images`,
 * `output`, `audio_url`, ...), without duplicates (`proxy_links` usually repeats `output`). Video
 * results carry their expiry.
 */
export function outputsOf(body: unknown, finishedAt: number): CallOutput[] {
  if (typeof body !== 'object' || body === null) return [];
  const record = body as Record<string, unknown>;
  const seen = new Set<string>();
  const outputs: CallOutput[] = [];
  for (const field of URL_FIELDS) {
    // proxy_links mirror the real links; use them only when nothing else was given.
    if (field === 'proxy_links' && outputs.length > 0) break;
    for (const url of urlsIn(record[field])) {
      if (seen.has(url)) continue;
      seen.add(url);
      const mediaType = mediaTypeOf(url);
      const expires = mediaType?.startsWith('video/')
        ? { expiresAt: new Date(finishedAt + VIDEO_LIFETIME_MS).toISOString() }
        : {};
      outputs.push({ url, ...(mediaType ? { mediaType } : {}), ...expires });
    }
  }
  return outputs;
}
