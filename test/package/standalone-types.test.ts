/**
 * The published declarations stand alone: each entry of package.json `exports` type-checks, with
 * `skipLibCheck: false`, in a project outside the repository that has the packed library, its own
 * dependencies, TypeScript and `@types/node`, and nothing else but the framework that entry loads
 * at run time. Under `nodenext` (ESM and CommonJS), `bundler` and `node10` (through
 * `typesVersions`). An entry added to `exports` is checked without being listed here: its
 * framework is read from the static imports of its build.
 */
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, requireBuild } from '../examples/run-example.js';
import { useTemporaryFolder } from '../support/temporary-folders.js';
import { installFromCache, packPackage } from './support/packed-packages.js';

interface Manifest {
  readonly name: string;
  readonly exports: Record<string, string | { import?: { default?: string } }>;
  readonly peerDependencies?: Record<string, string>;
  readonly typesVersions?: Record<string, Record<string, string[]>>;
}

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
const PEERS = Object.keys(manifest.peerDependencies ?? {});

/** The package name of a bare specifier: `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** The optional peers that the ESM build of `file` imports statically, through its own chunks too. */
function peersLoadedBy(file: string, seen = new Set<string>()): Set<string> {
  const found = new Set<string>();
  if (seen.has(file)) return found;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  for (const match of code.matchAll(/^(?:import|export)\b[^'"]*?(?:from\s*)?['"]([^'"]+)['"]/gm)) {
    const specifier = match[1] as string;
    if (specifier.startsWith('.')) {
      for (const peer of peersLoadedBy(join(dirname(file), specifier), seen)) found.add(peer);
    } else if (PEERS.includes(packageOf(specifier))) found.add(packageOf(specifier));
  }
  return found;
}

/** The optional peers that the entry's own declaration file (not its chunks) imports. */
function peersDeclaredBy(file: string): string[] {
  const declarations = file.replace(/\.js$/, '.d.ts');
  const code = readFileSync(declarations, 'utf8');
  return [...code.matchAll(/^import\b[^'"]*?from\s*['"]([^'"]+)['"]/gm)]
    .map((match) => packageOf(match[1] as string))
    .filter((name) => PEERS.includes(name));
}

interface Entry {
  /** `generation-agent-toolkit/http`, or the package name for `.`. */
  readonly specifier: string;
  /** A file name for it: `index`, `http`, `ai-sdk`. */
  readonly slug: string;
  readonly peers: readonly string[];
}

const ENTRIES: Entry[] = Object.entries(manifest.exports)
  .filter(([subpath, target]) => subpath !== './package.json' && typeof target === 'object')
  .map(([subpath, target]) => {
    const file = (target as { import?: { default?: string } }).import?.default;
    if (!file) throw new Error(`package.json exports["${subpath}"] has no import.default`);
    return {
      specifier: subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`,
      slug: subpath === '.' ? 'index' : subpath.slice(2).replaceAll('/', '-'),
      // What its build loads, and what its own declarations name directly (an entry may take a
      // framework's objects without loading it: /opentelemetry takes a TracerProvider).
      peers: [...new Set([...peersLoadedBy(join(ROOT, file)), ...peersDeclaredBy(join(ROOT, file))])].sort(),
    };
  });

/** Entries that need the same frameworks share a project. */
const GROUPS = [...new Set(ENTRIES.map((entry) => entry.peers.join(' ')))].map((key) => ({
  key,
  peers: key === '' ? [] : key.split(' '),
  entries: ENTRIES.filter((entry) => entry.peers.join(' ') === key),
}));

/** The version of `name` this repository installed and tests with. */
const installedVersion = (name: string) =>
  (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
    .version;

type SourceFile = readonly [name: string, code: string];

const RESOLUTIONS: Record<
  'nodenext (ESM and CommonJS)' | 'bundler' | 'node10',
  { compilerOptions: Record<string, string>; files: (entry: Entry) => SourceFile[] }
> = {
  'nodenext (ESM and CommonJS)': {
    compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext' },
    files: (entry: Entry) => [
      [
        `${entry.slug}.mts`,
        `import * as entry from '${entry.specifier}';\nexport const names = Object.keys(entry);\n`,
      ],
      [
        `${entry.slug}.cts`,
        `import entry = require('${entry.specifier}');\nexport const names = Object.keys(entry);\n`,
      ],
    ],
  },
  bundler: {
    compilerOptions: { module: 'esnext', moduleResolution: 'bundler' },
    files: (entry: Entry) => [
      [
        `${entry.slug}.ts`,
        `import * as entry from '${entry.specifier}';\nexport const names = Object.keys(entry);\n`,
      ],
    ],
  },
  node10: {
    compilerOptions: { module: 'commonjs', moduleResolution: 'node10' },
    files: (entry: Entry) => [
      [
        `${entry.slug}.ts`,
        `import * as entry from '${entry.specifier}';\nexport const names = Object.keys(entry);\n`,
      ],
    ],
  },
};

type Resolution = keyof typeof RESOLUTIONS;

const folder = useTemporaryFolder('standalone-types-');
const projects = new Map<string, string>();

/**
 * The type errors of `files` and of the library's declarations, checked under `resolution` with
 * `skipLibCheck: false`, in a folder of `project`, each as `file(line,col): error TSn: message`.
 * Only those files are asked for their diagnostics: a framework's own declarations are its
 * maintainers' to keep, and checking every line of them would take minutes.
 */
async function typeCheck(
  project: string,
  resolution: Resolution,
  files: readonly SourceFile[],
  name: string,
): Promise<string[]> {
  const checkFolder = join(project, name);
  await mkdir(checkFolder, { recursive: true });
  for (const [file, code] of files) await writeFile(join(checkFolder, file), code);
  const config = ts.parseJsonConfigFileContent(
    {
      compilerOptions: {
        ...RESOLUTIONS[resolution].compilerOptions,
        target: 'ES2022',
        lib: ['ES2023'],
        strict: true,
        // As `tsc --init` starts a project.
        esModuleInterop: true,
        skipLibCheck: false,
        types: ['node'],
        noEmit: true,
      },
      files: files.map(([file]) => file),
    },
    ts.sys,
    checkFolder,
  );
  expect(config.errors.map((error) => ts.flattenDiagnosticMessageText(error.messageText, '\n'))).toEqual([]);
  const program = ts.createProgram(config.fileNames, config.options);
  const checked = program
    .getSourceFiles()
    .filter(
      (file) =>
        !file.fileName.includes('/node_modules/') ||
        file.fileName.includes(`/node_modules/${manifest.name}/`),
    );
  const diagnostics = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...checked.flatMap((file) => [
      ...program.getSyntacticDiagnostics(file),
      ...program.getSemanticDiagnostics(file),
    ]),
  ];
  return diagnostics.map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (!diagnostic.file) return `error TS${diagnostic.code}: ${message}`;
    const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
    return `${relative(project, diagnostic.file.fileName)}(${line + 1},${character + 1}): error TS${diagnostic.code}: ${message}`;
  });
}

beforeAll(async () => {
  requireBuild();
  const tarball = await packPackage('.', folder.path);
  for (const group of GROUPS) {
    const project = join(folder.path, `project-${group.key.replaceAll(/[^\w]+/g, '-') || 'no-framework'}`);
    await mkdir(project);
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'user-project', private: true }));
    // Exact versions, as this repository tests them: npm would otherwise choose by this machine's Node.
    const frameworks = group.peers.map((peer) => `${peer}@${installedVersion(peer)}`);
    await installFromCache(project, [
      tarball,
      `@types/node@${installedVersion('@types/node')}`,
      ...frameworks,
    ]);
    projects.set(group.key, project);
  }
}, 600_000);

describe('the declarations of each entry, from the packed tarball', () => {
  it('cover every subpath of exports under node10 too (typesVersions)', () => {
    const mapped = manifest.typesVersions?.['*'] ?? {};
    for (const entry of ENTRIES.filter((candidate) => candidate.specifier !== manifest.name))
      expect(Object.keys(mapped), `typesVersions has no ${entry.slug}`).toContain(
        entry.specifier.slice(manifest.name.length + 1),
      );
  });

  it('find the frameworks by what each entry loads: none for the root', () => {
    expect(ENTRIES.find((entry) => entry.slug === 'index')?.peers).toEqual([]);
    expect(ENTRIES.find((entry) => entry.slug === 'ai-sdk')?.peers).toContain('ai');
  });

  const cases = GROUPS.flatMap((group) =>
    (Object.keys(RESOLUTIONS) as Resolution[]).map((resolution) => ({
      group,
      resolution,
      names: group.entries.map((entry) => entry.slug).join(', '),
      frameworks: group.peers.join(', ') || 'no framework',
    })),
  );

  it.each(cases)(
    '$names type-check under $resolution with $frameworks',
    async ({ group, resolution }) => {
      const project = projects.get(group.key) as string;
      const files = group.entries.flatMap((entry) => RESOLUTIONS[resolution].files(entry));
      const errors = await typeCheck(project, resolution, files, `check-${resolution.split(' ')[0]}`);
      expect(errors).toEqual([]);
    },
    180_000,
  );

  it('the check sees a missing framework: /ai-sdk without ai does not type-check', async () => {
    const project = projects.get('') as string;
    const aiSdk = ENTRIES.find((entry) => entry.slug === 'ai-sdk') as Entry;
    const errors = await typeCheck(project, 'bundler', RESOLUTIONS.bundler.files(aiSdk), 'check-negative');
    expect(errors.join('\n')).toMatch(/TS2307: Cannot find module 'ai'/);
  }, 180_000);
});
