/**
 * The core entries load where Node's modules do not exist (workerd, edge runtimes): followed
 * through every chunk they import statically, the built files import no Node built-in (with or
 * without `node:`) and not undici, which is loaded at the first request where it works
 * (src/http/default-transport.ts). Like the MCP SDK's barrel check, on the build a user gets.
 */
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

/** The entries that run on every runtime; `/node` and `/mcp` (stdio, Node's server) are Node's. */
const CORE_ENTRIES = ['index', 'http', 'spend', 'stores', 'ai-sdk', 'langchain', 'provider', 'opentelemetry'];

const NODE_BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
const FORBIDDEN = (specifier: string) =>
  NODE_BUILTINS.has(specifier) ||
  specifier.startsWith('node:') ||
  specifier === 'undici' ||
  specifier.startsWith('undici/');

/** Static `import … from 'x'` and `import 'x'` (and `export … from`), not `import('x')`. */
const STATIC_IMPORT = /(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w*{}\s,$]+?\s*from\s*)?["']([^"']+)["']/g;

/** Every bare specifier `entry` loads statically, with the chain of files that leads to it. */
function staticImports(file: string, seen = new Set<string>()): Map<string, string> {
  const found = new Map<string, string>();
  if (seen.has(file)) return found;
  seen.add(file);
  for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
    const specifier = match[1]!;
    if (specifier.startsWith('.')) {
      const next = join(dirname(file), specifier);
      for (const [name, chain] of staticImports(next, seen))
        if (!found.has(name)) found.set(name, `${file.slice(DIST.length)} > ${chain}`);
    } else if (!found.has(specifier)) found.set(specifier, file.slice(DIST.length));
  }
  return found;
}

describe.skipIf(!existsSync(join(DIST, 'index.js')))('the built core entries (npm test builds first)', () => {
  it.each(CORE_ENTRIES)('%s imports no Node built-in and no undici statically', (entry) => {
    const imports = staticImports(join(DIST, `${entry}.js`));
    const forbidden = [...imports]
      .filter(([specifier]) => FORBIDDEN(specifier))
      .map(([name, chain]) => `${name} via ${chain}`);
    expect(forbidden).toEqual([]);
    // The check reads real imports: every entry imports something.
    expect(imports.size).toBeGreaterThan(0);
  });

  it("reads the imports it checks: the MCP entry's static import of the SDK is found", () => {
    const mcp = staticImports(join(DIST, 'mcp.js'));
    expect([...mcp.keys()].some((name) => name.startsWith('@modelcontextprotocol/'))).toBe(true);
  });
});
