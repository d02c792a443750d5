/**
 * The notebooks of examples/notebooks, as a user runs them: copied into a project where the packed
 * tarballs are installed, executed headless by Jupyter's nbconvert in Deno's kernel (the `deno`
 * devDependency, with the kernelspec `deno jupyter --install` writes), and read back. A notebook
 * fails on any error output, on terminal codes in a result's text, and on a result cell without
 * what it made: `result-image` cells must carry the image, `result-audio` cells a player,
 * `result-video` cells a video.
 */
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { installPackedProject, runIn, userEnvironment } from '../support/packed-project.js';
import { useTemporaryFolder } from '../support/temporary-folders.js';
import { ROOT, requireBuild } from './run-example.js';

const NOTEBOOKS = join(ROOT, 'examples/notebooks');
const DENO = join(ROOT, 'node_modules/.bin/deno');

interface NotebookOutput {
  readonly output_type: string;
  readonly name?: string;
  readonly text?: string | string[];
  readonly data?: Record<string, string | string[]>;
  readonly ename?: string;
  readonly evalue?: string;
}

interface NotebookCell {
  readonly cell_type: string;
  readonly source: string | string[];
  readonly metadata: { readonly tags?: readonly string[] };
  readonly outputs?: readonly NotebookOutput[];
}

const joined = (text: string | string[] | undefined) => (Array.isArray(text) ? text.join('') : (text ?? ''));

/** What a result cell must show, by its tag. */
const EXPECTED: Record<string, (outputs: readonly NotebookOutput[]) => boolean> = {
  'result-image': (outputs) =>
    outputs.some(
      (output) =>
        Object.keys(output.data ?? {}).some((type) => type.startsWith('image/')) ||
        /<img [^>]*src="data:image\//.test(joined(output.data?.['text/html'])),
    ),
  'result-audio': (outputs) =>
    outputs.some((output) => /<audio [^>]*src="data:audio\//.test(joined(output.data?.['text/html']))),
  'result-video': (outputs) =>
    outputs.some((output) => /<video [^>]*src="data:video\//.test(joined(output.data?.['text/html']))),
};

/** Problems of an executed notebook: each a line naming the cell. */
function problemsOf(cells: readonly NotebookCell[]): string[] {
  const problems: string[] = [];
  cells.forEach((cell, index) => {
    if (cell.cell_type !== 'code') return;
    const outputs = cell.outputs ?? [];
    const where = `cell ${index} (${joined(cell.source).split('\n')[0]})`;
    for (const output of outputs) {
      if (output.output_type === 'error') problems.push(`${where}: ${output.ename}: ${output.evalue}`);
      if (output.output_type === 'stream' && output.name === 'stderr' && /error/i.test(joined(output.text)))
        problems.push(`${where} wrote an error: ${joined(output.text)}`);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal codes are what is looked for
      if (/\u001b\[/.test(joined(output.data?.['text/plain'])))
        problems.push(`${where}: terminal codes in text/plain`);
    }
    for (const tag of cell.metadata.tags ?? []) {
      const shows = EXPECTED[tag];
      if (shows && !shows(outputs)) problems.push(`${where}: tagged ${tag} but shows no such file`);
    }
  });
  return problems;
}

const folder = useTemporaryFolder('notebooks-');
let project: string;
let jupyterPath: string;

beforeAll(async () => {
  requireBuild();
  project = await installPackedProject({
    folder: folder.path,
    packages: ['.', 'packages/emulator'],
    dependencies: ['ai@^7'],
  });
  // The kernelspec `deno jupyter --install` writes, in a folder of the test rather than the user's.
  jupyterPath = join(folder.path, 'jupyter');
  await mkdir(join(jupyterPath, 'kernels/deno'), { recursive: true });
  await writeFile(
    join(jupyterPath, 'kernels/deno/kernel.json'),
    JSON.stringify({
      argv: [DENO, 'jupyter', '--kernel', '--conn', '{connection_file}'],
      display_name: 'Deno',
      language: 'typescript',
    }),
  );
  for (const name of await readdir(NOTEBOOKS))
    if (name.endsWith('.ipynb')) await copyFile(join(NOTEBOOKS, name), join(project, name));
}, 300_000);

const names = (await readdir(NOTEBOOKS)).filter((name) => name.endsWith('.ipynb')).sort();

describe('the notebooks of examples/notebooks, run headless in Deno’s kernel', () => {
  it('are there: a quick start, self-registration, the AI SDK provider and a budget', () => {
    expect(names).toEqual([
      'ai-sdk-provider.ipynb',
      'budget.ipynb',
      'quick-start.ipynb',
      'self-registration.ipynb',
    ]);
  });

  it.each(names)(
    '%s runs without an error, and each result cell shows what it made',
    async (name) => {
      const executed = name.replace('.ipynb', '.executed.ipynb');
      const run = await runIn(
        project,
        'jupyter-nbconvert',
        [
          '--to',
          'notebook',
          '--execute',
          '--ExecutePreprocessor.kernel_name=deno',
          '--ExecutePreprocessor.timeout=120',
          '--output',
          executed,
          name,
        ],
        {
          timeoutMs: 240_000,
          env: userEnvironment({
            JUPYTER_PATH: jupyterPath,
            // Deno's caches in the test's folder: nothing is left in the user's home.
            DENO_DIR: join(folder.path, 'deno-cache'),
            DENO_NO_UPDATE_CHECK: '1',
          }),
        },
      );
      expect(run.code, run.stderr).toBe(0);
      const { cells } = JSON.parse(await readFile(join(project, executed), 'utf8')) as {
        cells: NotebookCell[];
      };
      expect(problemsOf(cells)).toEqual([]);
      const tagged = cells.filter((cell) => (cell.metadata.tags ?? []).some((tag) => tag in EXPECTED));
      expect(tagged.length).toBeGreaterThan(0);
    },
    300_000,
  );
});
