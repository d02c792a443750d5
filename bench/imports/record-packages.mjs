// Preloaded with `--import` in a fresh process: records every package that a module load resolves
// to (import and require alike, through the synchronous in-thread hooks), and prints them as one
// JSON line when the process exits.
import { registerHooks } from 'node:module';

const packages = new Set();
const PACKAGE = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//;

registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    const match = PACKAGE.exec(resolved.url.slice(resolved.url.lastIndexOf('/node_modules/')));
    if (match) packages.add(match[1]);
    return resolved;
  },
});

process.on('exit', () => {
  process.stdout.write(`${JSON.stringify([...packages].sort())}\n`);
});
