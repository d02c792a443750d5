/**
 * One step of a job handed from process to process, for the job hand-over test. Run with
 * `node --import tsx job-worker.ts`; reads one JSON `JobStep` on stdin, writes one JSON line.
 *
 * - `submit`: connects, submits a long image job with a short wait, and prints the pending
 *   handle exactly as the session returned it.
 * - `resume`: connects afresh and resumes the handle it is given, printing the result.
 *
 * Both sessions share their quota through the Redis store, as a fleet's processes would.
 */
import { text } from 'node:stream/consumers';
import { createClient } from 'redis';
import { RedisRateLimitStore } from '../../../src/http/public-surface.js';
import { connect } from '../../../src/index.js';
import type { JobStep } from './worker-protocol.js';

const OPERATION = 'v7_images_text_to_image';

const input = JSON.parse(await text(process.stdin)) as JobStep;
const redis = await createClient({ url: input.redisUrl }).connect();
const session = await connect({
  baseUrl: input.baseUrl,
  apiKey: input.apiKey,
  operations: { ids: [OPERATION] },
  http: { rateLimit: { store: new RedisRateLimitStore({ client: redis, prefix: input.prefix }) } },
});
try {
  const result =
    input.step === 'submit'
      ? await session.call(OPERATION, { model_id: 'flux-dev', prompt: 'a fox in the snow' }, { wait: 100 })
      : await session.resume(input.handle, { wait: 60_000 });
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  await session.close();
  redis.destroy();
}
