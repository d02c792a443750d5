import type { ServiceWarning } from 'generation-agent-toolkit';

/**
 * Prints a session's warning about where it keeps secrets (a token store others can read) on
 * stderr, where it cannot mix with data. Service notices (deprecation, sunset) are the
 * discovery summary's to tell.
 */
export function printStorageWarning(warning: ServiceWarning): void {
  if (warning.kind === 'insecure-storage') process.stderr.write(`gentk: warning: ${warning.message}\n`);
}
