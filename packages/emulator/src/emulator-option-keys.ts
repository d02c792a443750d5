/**
 * The keys of {@link EmulatorOptions} and of its nested objects, and the check that refuses any
 * other: a misspelt option would otherwise leave the emulator running with its default.
 * @module
 */
import { type OptionKeys, rejectUnknownOptions } from './errors/index.js';
import { WEBHOOK_FAULT_KEYS } from './generation/webhook-faults.js';
import type {
  EmulatorFaults,
  EmulatorOptions,
  EmulatorQuirks,
  FaultRule,
  RateLimitPolicyName,
  RateLimitQuota,
} from './options.js';

/** What `startEmulator` takes: the emulator's options, and where its log lines go. */
type StartEmulatorOptions = EmulatorOptions & { readonly log?: (line: string) => void };

const EMULATOR_OPTION_KEYS: OptionKeys<StartEmulatorOptions> = {
  log: ['logger', 'onLog'],
  port: true,
  host: ['hostname'],
  allowNonLoopback: true,
  timeScale: ['speed'],
  clock: true,
  jobDurations: ['durations'],
  inlineJobSeconds: true,
  rateLimits: ['rateLimit', 'limits'],
  retryAfterFormat: true,
  queueLimit: ['maxQueuedJobs'],
  faults: ['fault'],
  quirks: true,
  seed: true,
  initialCredits: ['credits'],
  webhookHosts: true,
  webhookFaults: ['webhookFault'],
  maxBodyBytes: true,
  latencyMs: ['latency', 'delayMs'],
  v6Deprecation: true,
};

const RATE_LIMIT_POLICY_KEYS: OptionKeys<Record<RateLimitPolicyName, RateLimitQuota>> = {
  generation: true,
  auth: true,
  billing: true,
  control: true,
  public: true,
};

const QUOTA_KEYS: OptionKeys<RateLimitQuota> = { limit: true, windowSeconds: ['window', 'windowMs'] };

const FAULTS_KEYS: OptionKeys<EmulatorFaults> = { rules: true, jobFailureRate: true, stuckJobRate: true };

const FAULT_RULE_KEYS: OptionKeys<FaultRule> = {
  kind: ['type'],
  match: ['path'],
  times: ['count'],
  probability: ['rate'],
  delayMs: ['delay'],
  afterEffect: true,
};

const QUIRK_KEYS: OptionKeys<EmulatorQuirks> = {
  http200Errors: true,
  messegeTypo: true,
  numbersAsStrings: true,
};

const DEPRECATION_KEYS: OptionKeys<NonNullable<EmulatorOptions['v6Deprecation']>> = {
  deprecatedAt: true,
  sunsetAt: true,
};

/** Throws an {@link UnknownOptionError} for a key of `options`, or of an object in it, that the emulator does not know. */
export function rejectUnknownEmulatorOptions(options: StartEmulatorOptions): void {
  const where = 'startEmulator options';
  rejectUnknownOptions(options, EMULATOR_OPTION_KEYS, where);
  rejectUnknownOptions(options.rateLimits, RATE_LIMIT_POLICY_KEYS, `${where}.rateLimits`);
  for (const [name, quota] of Object.entries(options.rateLimits ?? {}))
    rejectUnknownOptions(quota, QUOTA_KEYS, `${where}.rateLimits.${name}`);
  rejectUnknownOptions(options.faults, FAULTS_KEYS, `${where}.faults`);
  rejectUnknownOptions(options.webhookFaults, WEBHOOK_FAULT_KEYS, `${where}.webhookFaults`);
  for (const [index, rule] of (options.faults?.rules ?? []).entries())
    rejectUnknownOptions(rule, FAULT_RULE_KEYS, `${where}.faults.rules[${index}]`);
  rejectUnknownOptions(options.quirks, QUIRK_KEYS, `${where}.quirks`);
  rejectUnknownOptions(options.v6Deprecation, DEPRECATION_KEYS, `${where}.v6Deprecation`);
}
