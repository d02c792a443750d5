/**
 * Figures of the HTTP core (no assertions): run with `npx tsx bench/http-core.ts`.
 *
 * - throughput under a quota, as a fraction of the quota, with the 429s the service sent,
 *   against a naive client in the same run;
 * - polling requests per job against the minimum possible and against the official CLI's schedule;
 * - per-call overhead against a raw undici request on loopback.
 */
import { measureOverhead } from './http-core/overhead.js';
import { measurePolling } from './http-core/polling.js';
import { measureThroughput } from './http-core/throughput.js';

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

const throughput = await measureThroughput();
console.log('Throughput under a quota of 60 requests a minute, 5 minutes, 20 concurrent workers each');
console.log(
  `  governed client: ${throughput.governed.served} served = ${percent(throughput.governed.fraction)} of the quota, ${throughput.governed.wire429} 429s`,
);
console.log(
  `  naive client:    ${throughput.naive.served} served = ${percent(throughput.naive.fraction)} of the quota, ${throughput.naive.wire429} 429s`,
);

const polling = await measurePolling();
console.log(`Polling: ${polling.jobs} jobs (8 images, 8 voice, 4 videos), ${polling.queued} queued`);
console.log(
  `  fetches: ${polling.fetches} = ${(polling.fetches / polling.queued).toFixed(2)} per queued job; minimum possible ${polling.minimum} (1.00)`,
);
console.log(
  `  the official CLI's schedule on the same jobs: ${polling.cliFetches} = ${(polling.cliFetches / polling.queued).toFixed(2)} per job`,
);

for (const figure of await measureOverhead()) {
  const us = (ms: number) => `${(ms * 1000).toFixed(0)} us`;
  console.log(`Per-call cost on loopback, ${figure.target}`);
  console.log(
    `  raw undici request(): ${us(figure.rawMs)}; the core's bare transport: ${us(figure.transportMs)}`,
  );
  console.log(
    `  HttpClient.request(): ${us(figure.clientMs)}: ratio to raw undici ${figure.ratio.toFixed(3)}x`,
  );
}
