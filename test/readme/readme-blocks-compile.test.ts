/**
 * Every TypeScript block of the Markdown that documents the packages (README.md, every page of
 * docs/, examples/README.md, the READMEs of packages/*) type-checks as a user's code would, whether
 * CI runs it or not. The pages of docs/ are found, not listed, so that a page added there is checked. Each
 * block becomes a module of its own in a folder inside the repository, so that it imports
 * `generation-agent-toolkit` and `generation-agent-toolkit-emulator` by name through the `exports`
 * of their builds, with the real types of `ai`, `@ai-sdk/openai`, `langchain`, `@langchain/core`,
 * the MCP SDK and `redis`; one tsc process checks them all.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, requireBuild } from '../examples/run-example.js';
import { collectOutput } from '../support/process-output.js';
import { useTemporaryFolder } from '../support/temporary-folders.js';
import { type TypeScriptBlock, typeScriptBlocksOf } from './typescript-blocks.js';

/** Every Markdown page of docs/ (not the generated API reference below it). */
const DOCS_PAGES = readdirSync(join(ROOT, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .sort()
  .map((name) => `docs/${name}`);

const DOCUMENTS = [
  'README.md',
  ...DOCS_PAGES,
  'examples/README.md',
  'packages/emulator/README.md',
  'packages/cli/README.md',
];

/**
 * The settings of a user's project on Node 22, as `tsc --init` starts one: strict, Node's module
 * resolution (which honours `exports`), no DOM. Not this repository's own stricter flags
 * (`exactOptionalPropertyTypes` would reject LangChain's middleware types, for one).
 */
const USER_TSCONFIG = {
  compilerOptions: {
    target: 'ES2023',
    lib: ['ES2023'],
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    skipLibCheck: true,
    types: ['node'],
    noEmit: true,
    // Each block is a module of its own, even one that imports nothing.
    moduleDetection: 'force',
  },
  include: ['*.ts'],
};

/** A block that must not compile: proves that the check reads the blocks and reports their errors. */
const BROKEN: TypeScriptBlock = {
  document: '(the check itself)',
  heading: 'a block that does not compile',
  line: 1,
  code: "const count: number = 'three';\nexport { count };\n",
};

const blocks = DOCUMENTS.flatMap((document) =>
  typeScriptBlocksOf(readFileSync(join(ROOT, document), 'utf8'), document),
);
const moduleName = (index: number) => `block-${String(index + 1).padStart(2, '0')}.ts`;
const cases = blocks.map((block, index) => ({ ...block, module: moduleName(index) }));
const brokenModule = moduleName(blocks.length);

const folder = useTemporaryFolder('readme-blocks-', { insidePackage: true });
/** tsc's errors by module, each as `<document> line <n>: TS<code> <message>`. */
const errorsByModule = new Map<string, string[]>();

/** tsc's `--pretty false` report, each error (with its continuation lines) placed in its block's document. */
function readErrors(report: string, blockOf: (module: string) => TypeScriptBlock | undefined): void {
  let current: string[] | undefined;
  for (const text of report.split('\n')) {
    const error = /^(block-\d+\.ts)\((\d+),\d+\): error (TS\d+): (.*)$/.exec(text);
    if (error) {
      const [, module, line, code, message] = error as unknown as [string, string, string, string, string];
      const block = blockOf(module);
      const where = block ? `${block.document} line ${block.line + Number(line) - 1}` : module;
      current = errorsByModule.get(module) ?? [];
      errorsByModule.set(module, current);
      current.push(`${where}: ${code} ${message}`);
    } else if (current && text.startsWith(' ')) current.push(text);
    else if (text.trim()) errorsByModule.set('(tsc)', [...(errorsByModule.get('(tsc)') ?? []), text]);
  }
}

beforeAll(async () => {
  requireBuild();
  await writeFile(join(folder.path, 'tsconfig.json'), JSON.stringify(USER_TSCONFIG, null, 2));
  for (const { module, code } of cases) await writeFile(join(folder.path, module), code);
  await writeFile(join(folder.path, brokenModule), BROKEN.code);
  const tsc = spawn(
    process.execPath,
    [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', folder.path, '--pretty', 'false'],
    { cwd: folder.path, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const result = await collectOutput(tsc, 'tsc on the README blocks', 110_000);
  readErrors(`${result.stdout}\n${result.stderr}`, (module) =>
    module === brokenModule ? BROKEN : cases.find((block) => block.module === module),
  );
}, 120_000);

describe('the TypeScript blocks of the documentation', () => {
  it('are found: every quick start of the README, none in a document that lost them', () => {
    const headings = cases.filter((block) => block.document === 'README.md').map((block) => block.heading);
    expect(headings).toEqual(
      expect.arrayContaining([
        '### Vercel AI SDK',
        '### LangChain',
        '### MCP server',
        '### AI SDK provider',
        '### A plain script or a notebook',
        '### A self-registering agent',
        '### Test your agent on the emulator',
      ]),
    );
  });

  it('are found in every page of docs/, the reference pages included', () => {
    expect(DOCS_PAGES).toEqual(
      expect.arrayContaining(['docs/configuration.md', 'docs/spend.md', 'docs/webhooks.md']),
    );
    const found = (document: string) =>
      cases.filter((block) => block.document === document).map((block) => block.heading);
    expect(found('docs/configuration.md')).toContain('## One quota across many processes');
    expect(found('docs/spend.md')).toEqual(expect.arrayContaining(['# Spend control', '## Shared budget']));
    expect(found('docs/webhooks.md')).toContain('# Webhooks');
  });

  it('are checked: a block that does not compile is reported at its line, with the error', () => {
    expect(errorsByModule.get(brokenModule)).toEqual([
      expect.stringMatching(
        /^\(the check itself\) line 1: TS2322 Type 'string' is not assignable to type 'number'/,
      ),
    ]);
    expect(errorsByModule.get('(tsc)'), 'tsc printed something it was not asked for').toBeUndefined();
  });

  it.each(cases)('$document, $heading (line $line), compiles', ({ document, heading, module }) => {
    const errors = errorsByModule.get(module) ?? [];
    expect(
      errors,
      `The block of ${document} under "${heading}" does not compile:\n${errors.join('\n')}`,
    ).toEqual([]);
  });
});
