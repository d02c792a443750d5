import type { GenerationCategory } from './catalogue/types.js';
import { type EmulatorClock, ManualClock, SystemClock } from './clock.js';
import { UsageError } from './errors/index.js';
import { checkWebhookFaults, type WebhookFaults } from './generation/webhook-faults.js';

/** Seconds of service time: a fixed length, or a range a seeded draw picks from. */
export type ServiceDuration = number | readonly [min: number, max: number];

/** The rate-limit policies of the service. */
export type RateLimitPolicyName = 'generation' | 'auth' | 'billing' | 'control' | 'public';

export interface RateLimitQuota {
  /** Requests allowed per window. */
  readonly limit: number;
  /** Length of the window in seconds of service time. */
  readonly windowSeconds: number;
}

/** Production quirks (service-facts.md) that a client must cope with, each switchable. */
export interface EmulatorQuirks {
  /**
   * Generation errors (bad input, failed jobs, no credits) answer HTTP 200 with `status: "error"`,
   * as production often does.
   * @default true
   */
  readonly http200Errors: boolean;
  /**
   * v6 error bodies spell `message` as `messege`, as some legacy production endpoints do.
   * @default false
   */
  readonly messegeTypo: boolean;
  /**
   * Numbers in generation answers (`id`, `eta`, `generationTime`) are sent as strings.
   * @default false
   */
  readonly numbersAsStrings: boolean;
}

/** A fault that a matching request meets instead of (or before) its normal answer. */
export type FaultKind =
  /** HTTP 500 with the surface's error body. */
  | 'server-error'
  /** HTTP 503 with the surface's error body and Retry-After. */
  | 'unavailable'
  /** HTTP 429 with Retry-After, whatever the quota says. */
  | 'rate-limited'
  /** The connection is closed without an answer. */
  | 'reset'
  /** HTTP 200 with a JSON body cut in half. */
  | 'garbled'
  /** HTTP 502 with an HTML page, as a proxy in front of the service would send. */
  | 'html'
  /** The normal answer, after `delayMs` of real time. */
  | 'slow';

/**
 * One fault: which requests meet it, how often, and what happens to them.
 *
 * @example
 * emulator.faults.inject({ kind: 'rate-limited', match: 'v7_images_text_to_image', times: 2 });
 */
export interface FaultRule {
  readonly kind: FaultKind;
  /** Which requests: an operationId, a path prefix (starting with `/`), or every API request when absent. */
  readonly match?: string;
  /** How many matching requests meet the fault; unlimited when absent. */
  readonly times?: number;
  /** Probability that a matching request meets it. @default 1 */
  readonly probability?: number;
  /** For `slow`: real milliseconds to wait. @default 1000 */
  readonly delayMs?: number;
  /** When true, the request's effect happens before the fault (the answer is lost, not the work). */
  readonly afterEffect?: boolean;
}

/**
 * The faults an emulator injects: rules per request, and how often jobs fail or never end.
 *
 * @example
 * await startEmulator({
 *   faults: { jobFailureRate: 0.1, rules: [{ kind: 'slow', match: '/api/v7/', delayMs: 500 }] },
 * });
 */
export interface EmulatorFaults {
  /** Rules applied to every API request, in order; the first that fires wins. */
  readonly rules?: readonly FaultRule[];
  /** Probability that an asynchronous job ends `failed`. @default 0 */
  readonly jobFailureRate?: number;
  /** Probability that an asynchronous job never finishes. @default 0 */
  readonly stuckJobRate?: number;
}

/**
 * How the emulated service behaves: where it listens, how time passes, how long jobs take, its rate
 * limits and the faults it injects. The defaults are a quiet, fast service on a free loopback port.
 *
 * @example
 * const emulator = await startEmulator({
 *   clock: 'manual',
 *   jobDurations: { video: 30 },
 *   rateLimits: { generation: { limit: 60, windowSeconds: 60 } },
 *   faults: { rules: [{ kind: 'server-error', match: 'v7_images_text_to_image', times: 1 }] },
 *   seed: 7,
 * });
 */
export interface EmulatorOptions {
  /** TCP port; 0 picks a free one. @default 0 */
  readonly port?: number;
  /** Interface to listen on. Only loopback is allowed unless `allowNonLoopback` is set. @default '127.0.0.1' */
  readonly host?: string;
  /** Listen on a non-loopback interface; the emulator has no real security. @default false */
  readonly allowNonLoopback?: boolean;
  /**
   * Multiplies every duration of the service: job durations, rate-limit windows, Retry-After,
   * token, code and URL lifetimes. 0.01 runs 100 s of service time in 1 s.
   * @default 1
   */
  readonly timeScale?: number;
  /**
   * The clock: `'system'` (wall time), `'manual'` (moves only with `emulator.clock.advance()`),
   * or a clock of your own.
   * @default 'system'
   */
  readonly clock?: 'system' | 'manual' | EmulatorClock;
  /**
   * Job durations in seconds of service time, per category or per operationId (which wins).
   * Jobs no longer than `inlineJobSeconds` finish inside the call.
   * @default image 4-12, image-editing 4-12, interior 5-15, faceswap 5-15, audio 3-8, video 30-120,
   * 3d 60-180, training 300-900; real-time image operations 0.5-3
   */
  readonly jobDurations?: Partial<Record<GenerationCategory | (string & {}), ServiceDuration>>;
  /** Jobs this short (service seconds) finish inside the call. @default 2 */
  readonly inlineJobSeconds?: number;
  /** Rate-limit quotas per policy. @default generation 60/60 s, auth 20/60 s, billing 15/60 s, control 120/60 s, public 600/60 s */
  readonly rateLimits?: Partial<Record<RateLimitPolicyName, RateLimitQuota>>;
  /** How Retry-After is written: delay seconds or an HTTP-date. @default 'seconds' */
  readonly retryAfterFormat?: 'seconds' | 'http-date';
  /** Queued (processing) generation requests allowed per account on the free plan. @default 5 */
  readonly queueLimit?: number;
  /** Fault injection; also changeable at run time through `emulator.faults`. */
  readonly faults?: EmulatorFaults;
  /** Production quirks; see {@link EmulatorQuirks}. */
  readonly quirks?: Partial<EmulatorQuirks>;
  /** Seed of every random draw (job durations, faults). @default 1 */
  readonly seed?: number;
  /** Credits (US dollars) a new account starts with. @default 10 */
  readonly initialCredits?: number;
  /**
   * Hosts the emulator may POST webhooks to. Loopback only by default, so that a test run never
   * calls out.
   * @default ['127.0.0.1', 'localhost', '::1']
   */
  readonly webhookHosts?: readonly string[] | '*';
  /** Faults of webhook deliveries: lost, late, duplicated, garbled, misdirected. @default none */
  readonly webhookFaults?: WebhookFaults;
  /** Largest request body accepted, in bytes. @default 10 MiB */
  readonly maxBodyBytes?: number;
  /**
   * Real milliseconds added to every answer, to stand in for network latency (benchmarks, demos of
   * concurrency). Not scaled by timeScale. @default 0
   */
  readonly latencyMs?: number;
  /** Deprecation and sunset of v6, relative to the emulator's start. @default deprecated 60 days before, sunset 180 days after */
  readonly v6Deprecation?: { readonly deprecatedAt: Date; readonly sunsetAt: Date };
}

export interface ResolvedEmulatorOptions {
  readonly port: number;
  readonly host: string;
  readonly timeScale: number;
  readonly clock: EmulatorClock;
  readonly jobDurations: Readonly<Record<string, ServiceDuration>>;
  readonly inlineJobSeconds: number;
  readonly rateLimits: Readonly<Record<RateLimitPolicyName, RateLimitQuota>>;
  readonly retryAfterFormat: 'seconds' | 'http-date';
  readonly queueLimit: number;
  readonly faults: Required<EmulatorFaults>;
  readonly quirks: EmulatorQuirks;
  readonly seed: number;
  readonly initialCredits: number;
  readonly webhookHosts: readonly string[] | '*';
  readonly webhookFaults: WebhookFaults;
  readonly maxBodyBytes: number;
  readonly latencyMs: number;
  readonly v6Deprecation: { readonly deprecatedAt: Date; readonly sunsetAt: Date };
}

const DAY_MS = 86_400_000;

export const DEFAULT_JOB_DURATIONS: Readonly<Record<string, ServiceDuration>> = {
  image: [4, 12],
  'image-editing': [4, 12],
  interior: [5, 15],
  faceswap: [5, 15],
  audio: [3, 8],
  video: [30, 120],
  '3d': [60, 180],
  training: [300, 900],
  v6_realtime_text2img: [0.5, 3],
  v6_realtime_img2img: [0.5, 3],
  v6_realtime_inpaint: [0.5, 3],
};

export const DEFAULT_RATE_LIMITS: Readonly<Record<RateLimitPolicyName, RateLimitQuota>> = {
  generation: { limit: 60, windowSeconds: 60 },
  auth: { limit: 20, windowSeconds: 60 },
  billing: { limit: 15, windowSeconds: 60 },
  control: { limit: 120, windowSeconds: 60 },
  public: { limit: 600, windowSeconds: 60 },
};

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

function positive(name: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0)
    throw new UsageError(`${name} must be a positive number, not ${value}`);
  return value;
}

function checkDuration(name: string, duration: ServiceDuration): ServiceDuration {
  const [min, max] = typeof duration === 'number' ? [duration, duration] : duration;
  if (!(Number.isFinite(min) && Number.isFinite(max) && min >= 0 && max >= min)) {
    throw new UsageError(`jobDurations.${name} must be seconds >= 0 or a [min, max] range`);
  }
  return duration;
}

/** Fills in the defaults and refuses values that cannot work, with a message naming the option. */
export function resolveOptions(options: EmulatorOptions = {}): ResolvedEmulatorOptions {
  const host = options.host ?? '127.0.0.1';
  if (!LOOPBACK.has(host) && !options.allowNonLoopback) {
    throw new UsageError(`host ${host} is not loopback; pass allowNonLoopback: true to expose the emulator`);
  }
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`port must be 0-65535, not ${port}`);
  const clock =
    options.clock === 'manual'
      ? new ManualClock()
      : options.clock === 'system' || options.clock === undefined
        ? new SystemClock()
        : options.clock;
  const jobDurations: Record<string, ServiceDuration> = { ...DEFAULT_JOB_DURATIONS };
  for (const [name, duration] of Object.entries(options.jobDurations ?? {})) {
    if (duration !== undefined) jobDurations[name] = checkDuration(name, duration);
  }
  const rateLimits = { ...DEFAULT_RATE_LIMITS };
  for (const [name, quota] of Object.entries(options.rateLimits ?? {}) as [
    RateLimitPolicyName,
    RateLimitQuota,
  ][]) {
    rateLimits[name] = {
      limit: positive(`rateLimits.${name}.limit`, quota.limit),
      windowSeconds: positive(`rateLimits.${name}.windowSeconds`, quota.windowSeconds),
    };
  }
  const start = clock.now();
  return {
    port,
    host,
    timeScale: positive('timeScale', options.timeScale ?? 1),
    clock,
    jobDurations,
    inlineJobSeconds: options.inlineJobSeconds ?? 2,
    rateLimits,
    retryAfterFormat: options.retryAfterFormat ?? 'seconds',
    queueLimit: Math.floor(positive('queueLimit', options.queueLimit ?? 5)),
    faults: {
      rules: options.faults?.rules ?? [],
      jobFailureRate: options.faults?.jobFailureRate ?? 0,
      stuckJobRate: options.faults?.stuckJobRate ?? 0,
    },
    quirks: {
      http200Errors: options.quirks?.http200Errors ?? true,
      messegeTypo: options.quirks?.messegeTypo ?? false,
      numbersAsStrings: options.quirks?.numbersAsStrings ?? false,
    },
    seed: options.seed ?? 1,
    initialCredits: options.initialCredits ?? 10,
    webhookHosts: options.webhookHosts ?? [...LOOPBACK],
    webhookFaults: checkWebhookFaults(options.webhookFaults ?? {}),
    maxBodyBytes: Math.floor(positive('maxBodyBytes', options.maxBodyBytes ?? 10 * 1024 * 1024)),
    latencyMs: Math.max(0, options.latencyMs ?? 0),
    v6Deprecation: options.v6Deprecation ?? {
      deprecatedAt: new Date(start - 60 * DAY_MS),
      sunsetAt: new Date(start + 180 * DAY_MS),
    },
  };
}
