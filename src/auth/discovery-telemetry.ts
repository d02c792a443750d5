import type { ServiceDescription } from '../discovery/service-description.js';
import { inSpan } from '../telemetry/in-span.js';
import type { Telemetry } from '../telemetry/telemetry.js';

/**
 * Runs discovery in a `discover` span when the session has telemetry: each document read is an
 * HTTP span beneath it, and the span says how many documents were read (from the cache or the
 * wire) and how many repairs and warnings the documents needed.
 */
export function tracedDiscovery(
  telemetry: Telemetry | undefined,
  baseUrl: URL,
  run: () => Promise<ServiceDescription>,
): Promise<ServiceDescription> {
  return inSpan(
    telemetry,
    'discover',
    { attributes: { 'server.address': baseUrl.hostname, 'url.full': baseUrl.href } },
    async (span) => {
      const service = await run();
      if (span?.recording) {
        const { stats, warnings } = service;
        span.setAttributes({
          'gentk.discovery.documents': stats.documents,
          'gentk.discovery.from_cache': stats.fromCache,
          'gentk.discovery.downloaded_bytes': stats.downloadedBytes,
          'gentk.discovery.operations': service.operations.length,
          'gentk.discovery.warnings': warnings.length,
        });
        // Each repair or warning as an event, bounded: a broken document can carry thousands.
        for (const warning of warnings.slice(0, 64))
          span.addEvent('gentk.discovery.warning', {
            'gentk.warning.code': warning.code,
            'gentk.discovery.document': warning.document,
            'gentk.discovery.at': warning.at,
          });
      }
      return service;
    },
  );
}
