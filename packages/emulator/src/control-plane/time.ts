/** Service time as the control plane publishes it: ISO 8601 in UTC. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** iso(), keeping null (a token that never expires, an unused key). */
export function isoOrNull(ms: number | null): string | null {
  return ms === null ? null : iso(ms);
}

/** One day of service time, in seconds. */
export const DAY_SECONDS = 86_400;
