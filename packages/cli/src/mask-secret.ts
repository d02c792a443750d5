/**
 * A secret as a person may see it: its kind prefix and its last four characters (`gk_…w9Xz`),
 * enough to tell two keys apart, far from enough to use one. Short secrets show no characters.
 */
export function maskSecret(secret: string): string {
  const prefix = /^[A-Za-z]{1,8}_/.exec(secret)?.[0] ?? '';
  const rest = secret.slice(prefix.length);
  return rest.length < 16 ? `${prefix}…` : `${prefix}…${rest.slice(-4)}`;
}
