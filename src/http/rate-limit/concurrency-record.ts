/**
 * What a fleet knows of one origin's limits on things at once, kept in the rate-limit store
 * next to the quotas (as the `concurrency` field of a state under `<origin>#concurrency`), so
 * that every process sharing the store keeps one cap on requests in flight and one count of the
 * account's job slots: the cap learned from secondary-limit refusals, the job limit stated or
 * learned, and each governor's own counts as a lease that ends if its process dies.
 * @module
 */

/**
 * One governor's part: `[governor id, requests in flight, job slots held, of which jobs
 * running, lease end]`. Only the owner writes its part; the others add it up.
 */
export type ConcurrencyHolder = readonly [
  owner: string,
  inFlight: number,
  held: number,
  running: number,
  until: number,
];

/**
 * One governor's things waiting for a place (requests under the cap, submissions for a job
 * slot): `[governor id, waiting, claim end, places it took so far]`. A place freed goes first
 * to the waiting governor holding the fewest, and between equals to the one that took fewer; the claim is renewed while they wait, so a process that dies holds nobody
 * back for long.
 */
export type ConcurrencyWaiting = readonly [owner: string, waiting: number, until: number, taken: number];

/**
 * When one governor's earliest request in flight is likely answered: `[governor id, moment]`
 * (when it was let through plus how long answers usually take there). A place under a full cap
 * is freed by an answer, and another process hears of it only by looking: it looks then.
 *
 * @example
 * const due: AnswerDue = ['a1', 1_767_225_601_000];
 */
export type AnswerDue = readonly [owner: string, at: number];

/**
 * The shared record of one origin.
 *
 * @example
 * const record: ConcurrencyRecord = { cap: 10, capClimbAt: 1_767_225_610_000, holders: [['a1', 4, 2, 1, 1_767_225_700_000]] };
 */
export interface ConcurrencyRecord {
  /** The cap on requests in flight learned from refusals; absent while none taught one. */
  readonly cap?: number;
  /** When the cap was last set (a refusal, a climb): requests sent since were sent under it. */
  readonly capSince?: number;
  /** When the cap rises by one without another refusal. */
  readonly capClimbAt?: number;
  /** The quiet spell before a climb: doubles each time a climb is refused. */
  readonly capClimbAfterMs?: number;
  /** A climb happened and no refusal came since. */
  readonly capClimbed?: boolean;
  /** Before any cap: the most requests in flight fleet-wide when one of them was answered and worked on. */
  readonly proven?: number;
  /** Before any cap: when the last request beyond {@link proven} went (they go one at a time). */
  readonly unprovenAt?: number;
  /** Governors with requests waiting for a place under the cap. */
  readonly waiting?: readonly ConcurrencyWaiting[];
  /** Governors' next answers expected (each its earliest request in flight). */
  readonly answersDue?: readonly AnswerDue[];
  /** Clients with submissions waiting for a job slot. */
  readonly jobWaiting?: readonly ConcurrencyWaiting[];
  /** The account's limit on jobs at once, stated by the service or learned from a refusal. */
  readonly jobLimit?: number;
  /** When a learned job limit rises by one (absent: stated, kept). */
  readonly jobClimbAt?: number;
  /** The quiet spell before a climb of the job limit: doubles each time a climb is refused. */
  readonly jobClimbAfterMs?: number;
  /** A climb of the job limit happened and no refusal came since. */
  readonly jobClimbed?: boolean;
  /** While no job limit is known: jobs started together (absent: the first value; 0: ended). */
  readonly jobSlowStart?: number;
  /** No submission before this moment (the queue was full and the limit is one). */
  readonly jobsBlockedUntil?: number;
  readonly holders?: readonly ConcurrencyHolder[];
}

/** Governors' parts kept per origin; beyond, those whose lease ends first go. */
const MAX_HOLDERS = 64;
/** Owner ids are the toolkit's own (a UUID); anything longer was not written by it. */
const MAX_OWNER_LENGTH = 64;

/** The parts of `record` whose lease runs at `now`. */
function liveHolders(record: ConcurrencyRecord, now: number): ConcurrencyHolder[] {
  return (record.holders ?? []).filter((holder) => holder[4] > now);
}

/** Sums of the live parts: requests in flight, job slots held and jobs running, fleet-wide. */
export function fleetCounts(
  record: ConcurrencyRecord,
  now: number,
  except?: string,
): { inFlight: number; held: number; running: number } {
  const sums = { inFlight: 0, held: 0, running: 0 };
  for (const [owner, inFlight, held, running] of liveHolders(record, now)) {
    if (owner === except) continue;
    sums.inFlight += inFlight;
    sums.held += held;
    sums.running += running;
  }
  return sums;
}

/** `owner`'s part of `record` (zeros when it has none). */
export function holderOf(record: ConcurrencyRecord, owner: string, now: number): ConcurrencyHolder {
  return liveHolders(record, now).find((holder) => holder[0] === owner) ?? [owner, 0, 0, 0, 0];
}

/**
 * `record` with one side of `owner`'s holder replaced: the governor's requests in flight, or the
 * job slots' places held and jobs running. One process writes both sides into one holder, so the
 * other side's counts are kept, and its lease too while it holds anything.
 */
export function withOwnPart(
  record: ConcurrencyRecord,
  owner: string,
  part: { readonly inFlight: number } | { readonly held: number; readonly running: number },
  until: number,
  now: number,
): ConcurrencyRecord {
  const [, inFlight, held, running, lease] = holderOf(record, owner, now);
  const ownsRequests = 'inFlight' in part;
  const otherSideHolds = ownsRequests ? held > 0 : inFlight > 0;
  const leased = Math.max(until, otherSideHolds ? lease : now);
  const holder: ConcurrencyHolder = ownsRequests
    ? [owner, part.inFlight, held, running, leased]
    : [owner, inFlight, part.held, part.running, leased];
  return withHolder(record, holder, now);
}

/** `record` with `owner`'s part replaced (dropped when it holds nothing), expired parts dropped. */
export function withHolder(
  record: ConcurrencyRecord,
  holder: ConcurrencyHolder,
  now: number,
): ConcurrencyRecord {
  const others = liveHolders(record, now).filter(([owner]) => owner !== holder[0]);
  const holds = holder[1] > 0 || holder[2] > 0;
  const holders = holds && holder[4] > now ? [...others, holder] : others;
  if (holders.length > MAX_HOLDERS) {
    holders.sort((first, second) => second[4] - first[4]);
    holders.length = MAX_HOLDERS;
  }
  if (holders.length === 0) {
    const { holders: _dropped, ...rest } = record;
    return rest;
  }
  return { ...record, holders };
}

/** The record's lists of claims: requests waiting under the cap, submissions waiting for a job slot. */
export type ClaimField = 'waiting' | 'jobWaiting';

/** Places held: requests in flight under the cap, or job slots. */
const HELD_INDEX = { waiting: 1, jobWaiting: 2 } as const;

/**
 * Whether a governor other than `owner` has things waiting for a place of `field`'s kind and
 * comes first: it holds fewer places than `held`, or as many and took fewer than `taken` so far.
 */
export function othersFirst(
  record: ConcurrencyRecord,
  field: ClaimField,
  owner: string,
  mine: { readonly held: number; readonly taken: number },
  now: number,
): boolean {
  for (const [other, waiting, until, taken] of record[field] ?? []) {
    if (other === owner || waiting === 0 || until <= now) continue;
    const held = holderOf(record, other, now)[HELD_INDEX[field]];
    if (held < mine.held || (held === mine.held && taken < mine.taken)) return true;
  }
  return false;
}

/** `owner`'s claim of `field` in `record`, if any. */
export function claimOf(
  record: ConcurrencyRecord,
  field: ClaimField,
  owner: string,
): ConcurrencyWaiting | undefined {
  return record[field]?.find(([other]) => other === owner);
}

/** `record` with `owner`'s claim of `field` set to `count` things waiting until `until` (none: removed). */
export function withClaim(
  record: ConcurrencyRecord,
  field: ClaimField,
  claim: ConcurrencyWaiting,
  now: number,
): ConcurrencyRecord {
  const [owner, count, until] = claim;
  const claims = (record[field] ?? []).filter(
    ([other, waiting, end]) => other !== owner && waiting > 0 && end > now,
  );
  if (count > 0 && until > now) claims.push(claim);
  if (claims.length > MAX_HOLDERS) {
    claims.sort((first, second) => second[2] - first[2]);
    claims.length = MAX_HOLDERS;
  }
  if (claims.length === 0) {
    if (record[field] === undefined) return record;
    const { [field]: _dropped, ...rest } = record;
    return rest;
  }
  return { ...record, [field]: claims };
}

/**
 * `record` with `owner`'s next answer expected at `at` (undefined: none); the others' kept while
 * they hold requests in flight.
 */
export function withAnswerDue(
  record: ConcurrencyRecord,
  owner: string,
  at: number | undefined,
  now: number,
): ConcurrencyRecord {
  const holding = new Set(
    liveHolders(record, now).flatMap(([other, inFlight]) => (inFlight > 0 ? [other] : [])),
  );
  const due = (record.answersDue ?? []).filter(([other]) => other !== owner && holding.has(other));
  if (at !== undefined) due.push([owner, at]);
  if (due.length > MAX_HOLDERS) {
    due.sort((first, second) => first[1] - second[1]);
    due.length = MAX_HOLDERS;
  }
  if (due.length === 0) {
    if (record.answersDue === undefined) return record;
    const { answersDue: _dropped, ...rest } = record;
    return rest;
  }
  return { ...record, answersDue: due };
}

/** The earliest answer other governors than `owner` expect after `now`, if any. */
export function nextAnswerDue(record: ConcurrencyRecord, owner: string, now: number): number | undefined {
  let next: number | undefined;
  for (const [other, at] of record.answersDue ?? [])
    if (other !== owner && at > now && (next === undefined || at < next)) next = at;
  return next;
}

const NUMBER_FIELDS = [
  'cap',
  'capClimbAt',
  'capSince',
  'capClimbAfterMs',
  'jobLimit',
  'jobClimbAt',
  'jobClimbAfterMs',
  'jobSlowStart',
  'jobsBlockedUntil',
  'proven',
  'unprovenAt',
] as const;

/**
 * A stored record as the toolkit wrote it, or undefined when it is not one (foreign data: read
 * as nothing known, and the next write replaces it). Counts must be whole and not negative,
 * times finite, at most {@link MAX_HOLDERS} parts.
 */
export function decodeConcurrencyRecord(value: unknown): ConcurrencyRecord | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const input = value as Record<string, unknown>;
  const record: { -readonly [K in keyof ConcurrencyRecord]: ConcurrencyRecord[K] } = {};
  for (const name of NUMBER_FIELDS) {
    const field = input[name];
    if (typeof field === 'number' && Number.isFinite(field) && field >= 0) record[name] = field;
  }
  if (typeof input.capClimbed === 'boolean') record.capClimbed = input.capClimbed;
  if (typeof input.jobClimbed === 'boolean') record.jobClimbed = input.jobClimbed;
  if (input.holders !== undefined) {
    if (!Array.isArray(input.holders) || input.holders.length > MAX_HOLDERS) return undefined;
    if (!input.holders.every(isHolder)) return undefined;
    record.holders = input.holders;
  }
  if (input.answersDue !== undefined) {
    const due = input.answersDue;
    if (!Array.isArray(due) || due.length > MAX_HOLDERS || !due.every(isAnswerDue)) return undefined;
    record.answersDue = due;
  }
  for (const field of ['waiting', 'jobWaiting'] as const) {
    const claims = input[field];
    if (claims === undefined) continue;
    if (!Array.isArray(claims) || claims.length > MAX_HOLDERS || !claims.every(isWaiting)) return undefined;
    record[field] = claims;
  }
  return record;
}

function isOwner(owner: unknown): owner is string {
  return typeof owner === 'string' && owner.length > 0 && owner.length <= MAX_OWNER_LENGTH;
}

function isAnswerDue(value: unknown): value is AnswerDue {
  if (!Array.isArray(value) || value.length !== 2) return false;
  const [owner, at] = value as unknown[];
  return isOwner(owner) && typeof at === 'number' && Number.isFinite(at);
}

function isWaiting(value: unknown): value is ConcurrencyWaiting {
  if (!Array.isArray(value) || value.length !== 4) return false;
  const [owner, count, until, taken] = value as unknown[];
  const whole = (field: unknown) => Number.isSafeInteger(field) && (field as number) >= 0;
  return (
    isOwner(owner) && whole(count) && typeof until === 'number' && Number.isFinite(until) && whole(taken)
  );
}

function isHolder(value: unknown): value is ConcurrencyHolder {
  if (!Array.isArray(value) || value.length !== 5) return false;
  const [owner, inFlight, held, running, until] = value as unknown[];
  const count = (field: unknown) => Number.isSafeInteger(field) && (field as number) >= 0;
  return (
    isOwner(owner) &&
    count(inFlight) &&
    count(held) &&
    count(running) &&
    typeof until === 'number' &&
    Number.isFinite(until)
  );
}
