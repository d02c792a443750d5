/**
 * Sizes and aspect ratios, for operations that take one but not the other.
 * @module
 */

export interface Dimensions {
  readonly width: number;
  readonly height: number;
}

/** `1024x768` -> `{ width: 1024, height: 768 }`. */
export function parseSize(size: string): Dimensions | undefined {
  const match = /^(\d+)x(\d+)$/.exec(size);
  return match ? { width: Number(match[1]), height: Number(match[2]) } : undefined;
}

/** `16:9` -> 16/9. */
export function parseRatio(ratio: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(ratio);
  if (!match) return undefined;
  const value = Number(match[1]) / Number(match[2]);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** 1024x576 -> `16:9`. */
export function ratioOfSize({ width, height }: Dimensions): string {
  const divisor = gcd(width, height) || 1;
  return `${width / divisor}:${height / divisor}`;
}

/**
 * A size with `ratio` and about the area of `base`, in multiples of 64, kept inside
 * [`minimum`, `maximum`] on both sides.
 */
export function sizeForRatio(
  ratio: number,
  base: Dimensions,
  bounds: { readonly minimum?: number | undefined; readonly maximum?: number | undefined },
): Dimensions {
  const area = base.width * base.height;
  const clamp = (value: number) =>
    Math.min(bounds.maximum ?? Number.POSITIVE_INFINITY, Math.max(bounds.minimum ?? 64, value));
  const round = (value: number) => clamp(Math.max(64, Math.round(value / 64) * 64));
  return { width: round(Math.sqrt(area * ratio)), height: round(Math.sqrt(area / ratio)) };
}
