/**
 * The warnings of one document, each said once.
 * @module
 */

import type { DiscoveryWarning } from '../types.js';

/** A warning before the document's URL is added. */
export interface DocumentWarning {
  readonly code: string;
  readonly at?: string;
  readonly message: string;
}

export interface WarningCollector {
  /** Records a warning unless the same code, place and message is already recorded. */
  warn(warning: DocumentWarning): void;
  /** The warnings recorded so far, in the order they were first recorded. */
  list(): DiscoveryWarning[];
}

/** Collects the warnings of the document at `documentUrl`. */
export function createWarningCollector(documentUrl: string): WarningCollector {
  const warnings = new Map<string, DiscoveryWarning>();
  return {
    warn(warning) {
      // A schema shared by many operations would otherwise repeat the same repair many times.
      const key = `${warning.code}\u0000${warning.at ?? ''}\u0000${warning.message}`;
      if (warnings.has(key)) return;
      warnings.set(key, {
        code: warning.code,
        document: documentUrl,
        ...(warning.at === undefined ? {} : { at: warning.at }),
        message: warning.message,
      });
    },
    list: () => [...warnings.values()],
  };
}
