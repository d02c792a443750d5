import { API_VERSIONS } from '../http/versioning.js';
import type { ResolvedEmulatorOptions } from '../options.js';
import { SURFACES } from './surfaces.js';

/** The health of each API surface and the lifecycle of its versions, as `/status` publishes it. */
export function buildStatus(options: ResolvedEmulatorOptions, origin: string): Record<string, unknown> {
  const versions = (generation: boolean) =>
    API_VERSIONS.filter((version) => /^v\d+$/.test(version.version) === generation).map((version) => ({
      version: version.version,
      lifecycle: version.lifecycle,
      ...(version.lifecycle === 'deprecated'
        ? {
            deprecated_at: options.v6Deprecation.deprecatedAt.toISOString(),
            sunset_at: options.v6Deprecation.sunsetAt.toISOString(),
          }
        : {}),
    }));
  const surface = (entry: (typeof SURFACES)[keyof typeof SURFACES], generation: boolean) => ({
    name: entry.title,
    base_url: `${origin}${entry.basePath}`,
    status: 'operational',
    versions: versions(generation),
  });
  return {
    status: 'ok',
    description: 'All systems operational (this is the emulator on loopback).',
    surfaces: [surface(SURFACES.generation, true), surface(SURFACES.controlPlane, false)],
  };
}
