/**
 * What a model feed's billing unit counts: `image`, `second of video`, `1K tokens`,
 * `1K characters`, `request`, `training run`. Read leniently, never guessed: a unit that names
 * nothing known is kept as unknown, with its text, so an estimate can say why it has no price.
 * @module
 */

/** The quantity a billing unit counts. */
export type UnitKind =
  | 'image'
  | 'video-second'
  | 'audio-minute'
  | 'audio-second'
  | 'character'
  | 'token'
  | 'request'
  | 'training-run'
  | 'output';

/** A billing unit the estimator can count: `per` of `kind` cost one price (`1K tokens` is 1000 tokens). */
export interface KnownBillingUnit {
  readonly kind: UnitKind;
  readonly per: number;
  /** The unit as a person reads it: `image`, `1K tokens`. */
  readonly label: string;
}

export type BillingUnit = KnownBillingUnit | { readonly kind: 'unknown'; readonly label: string };

const NOUNS: ReadonlyArray<readonly [RegExp, UnitKind]> = [
  [/^(?:generated\s+)?images?$/, 'image'],
  [/^(?:seconds?|secs?|s)(?:\s+of\s+(?:generated\s+)?video)?$/, 'video-second'],
  [/^(?:video\s+)?seconds?$/, 'video-second'],
  [/^(?:minutes?|mins?)(?:\s+of\s+(?:generated\s+)?(?:audio|speech|sound))?$/, 'audio-minute'],
  [/^(?:seconds?)\s+of\s+(?:audio|speech|sound)$/, 'audio-second'],
  [/^(?:characters?|chars?)(?:\s+of\s+(?:text|speech))?$/, 'character'],
  [/^(?:tokens?)$/, 'token'],
  [/^(?:requests?|calls?|api\s+calls?|generations?|runs?)$/, 'request'],
  [/^(?:training\s+runs?|trainings?|fine-?tunes?|fine-?tuning\s+runs?)$/, 'training-run'],
  [/^(?:models?|3d\s+models?|meshes|mesh|outputs?|files?)$/, 'output'],
];

const MULTIPLIERS: Readonly<Record<string, number>> = { '': 1, k: 1_000, m: 1_000_000 };

/**
 * Reads a billing unit of the feed. `per 1,000 characters`, `1K tokens`, `image` and
 * `second of video` are understood; anything else is `unknown` (with its text) rather than guessed.
 *
 * @example
 * readBillingUnit('1K tokens'); // { kind: 'token', per: 1000, label: '1K tokens' }
 * readBillingUnit('GPU hour');  // { kind: 'unknown', label: 'GPU hour' }
 */
export function readBillingUnit(text: string | undefined): BillingUnit {
  const label = typeof text === 'string' ? text.trim().slice(0, 60) : '';
  const words = label
    .toLowerCase()
    .replace(/^(?:per|each|\/)\s*/, '')
    .replace(/,/g, '');
  const [, count, multiplier, noun] = /^(?:(\d+(?:\.\d+)?)\s*([km])?\s+)?(.+)$/.exec(words) ?? [];
  if (!noun) return { kind: 'unknown', label };
  const kind = NOUNS.find(([pattern]) => pattern.test(noun.trim()))?.[1];
  const per = (count === undefined ? 1 : Number(count)) * (MULTIPLIERS[multiplier ?? ''] ?? 1);
  if (!kind || !Number.isFinite(per) || per <= 0 || per > 1e9) return { kind: 'unknown', label };
  return { kind, per, label };
}
