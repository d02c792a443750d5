import type { RateLimitPolicyName } from '../options.js';
import type { ReferenceResource, ResourceSource } from './reference-resource.js';

/** Which requests each policy counts, and whose quota they draw on. */
const POLICY_SCOPE: Readonly<Record<RateLimitPolicyName, { appliesTo: string; partition: string }>> = {
  generation: {
    appliesTo: '/api/v6, /api/v7 and /api/v8: every generation call and every fetch of a result',
    partition: 'the account behind the generation key',
  },
  auth: { appliesTo: '/api/agents/v1/auth/*', partition: "the caller's address" },
  billing: {
    appliesTo: '/api/agents/v1/billing, /wallet, /subscriptions and /payments',
    partition: 'the account behind the control-plane token',
  },
  control: {
    appliesTo: 'the rest of /api/agents/v1',
    partition: 'the account behind the control-plane token',
  },
  public: {
    appliesTo: 'published documents and the MCP endpoints',
    partition: "the caller's address",
  },
};

const HEADERS = [
  { name: 'RateLimit-Limit', meaning: 'Requests allowed in the current window.' },
  { name: 'RateLimit-Remaining', meaning: 'Requests left in the current window; throttle against it.' },
  { name: 'RateLimit-Reset', meaning: 'Seconds until the window resets.' },
  {
    name: 'RateLimit-Policy',
    meaning:
      'IETF draft structured field (a list): the policy name with q (quota), w (window seconds) and pk (partition key).',
  },
  {
    name: 'RateLimit',
    meaning:
      'IETF draft structured field (a list): the policy name with r (remaining), t (seconds to reset) and pk (partition key).',
  },
  { name: 'X-RateLimit-Limit', meaning: 'As RateLimit-Limit (production spelling).' },
  { name: 'X-RateLimit-Remaining', meaning: 'As RateLimit-Remaining (production spelling).' },
  {
    name: 'X-RateLimit-Reset',
    meaning: 'Unix time, in seconds, when the window resets (production spelling).',
  },
  {
    name: 'Retry-After',
    meaning: 'On 429 and 503 only: how long to wait before trying again; it wins over every other field.',
  },
];

function rateLimitPolicy({ ctx }: ResourceSource): Record<string, unknown> {
  const { rateLimits, queueLimit, timeScale, retryAfterFormat } = ctx.options;
  return {
    policies: (Object.keys(POLICY_SCOPE) as RateLimitPolicyName[]).map((name) => ({
      name,
      limit: rateLimits[name].limit,
      windowSeconds: rateLimits[name].windowSeconds,
      ...POLICY_SCOPE[name],
    })),
    whenExhausted: {
      httpStatus: 429,
      headers: 'Retry-After, besides every field of `headers`',
      body: "the surface's error shape with code rate_limited and retry_after (seconds)",
    },
    queue: {
      limit: queueLimit,
      counts: 'queued (processing) generation requests of one account',
      whenFull: {
        httpStatus: 429,
        body: {
          status: 'error',
          message: `Rate limit exceeded. Maximum ${queueLimit} queued requests allowed.`,
          retry_after: '<seconds>',
        },
      },
    },
    headers: HEADERS,
    retryAfterFormat: retryAfterFormat === 'seconds' ? 'delay in seconds' : 'HTTP-date',
    timeScale,
    timeNote:
      timeScale === 1
        ? 'Windows are in seconds of real time.'
        : `Windows are in seconds of service time; this emulator runs at timeScale ${timeScale}, so the header values (real time) are ${timeScale} times the published seconds.`,
  };
}

/** `reference://rate-limit-policy`: the quotas of the running service, its queue limit and the rate-limit fields it sends. */
export const RATE_LIMIT_POLICY_RESOURCE: ReferenceResource = {
  uri: 'reference://rate-limit-policy',
  name: 'rate-limit-policy',
  title: 'Rate-limit policy',
  description:
    'Rate-limit policies and quotas, the per-account queue limit, and the rate-limit header fields the service sends (RateLimit-*, RateLimit-Policy, RateLimit, X-RateLimit-*, Retry-After).',
  mimeType: 'application/json',
  read: (source) => JSON.stringify(rateLimitPolicy(source), null, 2),
};
