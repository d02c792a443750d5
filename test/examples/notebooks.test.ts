/**
 * The notebooks of examples/notebooks, as a user runs them: copied into a project where the packed
 * tarballs are installed, executed headless by Jupyter's nbconvert in Deno's kernel (the `deno`
 * devDependency, with the kernelspec `deno jupyter --install` writes), and read back. A notebook
 * fails on any error output, on terminal codes in a result's text, and on a result cell without
 * what it made: `result-image` cells must carry the image, `result-audio` cells a player,
 * `result-video` cells a video.
 */
import { copyFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  executeNotebook,
  joinedText,
  type NotebookCell,
  type NotebookOutput,
  writeKernelSpec,
} from '../support/jupyter-notebooks.js';
import { installPackedProject } from '../support/packed-project.js';
import { useTemporaryFolder } from '../support/temporary-folders.js';
import { ROOT, requireBuild } from './run-example.js';

const NOTEBOOKS = join(ROOT, 'examples/notebooks');
const DENO = join(ROOT, 'node_modules/.bin/deno');

/** What a result cell must show, by its tag. */
const EXPECTED: Record<string, (outputs: readonly NotebookOutput[]) => boolean> = {
  'result-image': (outputs) =>
    outputs.some(
      (output) =>
        Object.keys(output.data ?? {}).some((type) => type.startsWith('image/')) ||
        /<img [^>]*src="data:image\//.test(joinedText(output.data?.['text/html'])),
    ),
  'result-audio': (outputs) =>
    outputs.some((output) => /<audio [^>]*src="data:audio\//.test(joinedText(output.data?.['text/html']))),
  'result-video': (outputs) =>
    outputs.some((output) => /<video [^>]*src="data:video\//.test(joinedText(output.data?.['text/html']))),
};

/** Problems of an executed notebook: each a line naming the cell. */
function problemsOf(cells: readonly NotebookCell[]): string[] {
  const problems: string[] = [];
  cells.forEach((cell, index) => {
    if (cell.cell_type !== 'code') return;
    const outputs = cell.outputs ?? [];
    const where = `cell ${index} (${joinedText(cell.source).split('\n')[0]})`;
    for (const output of outputs) {
      if (output.output_type === 'error') problems.push(`${where}: ${output.ename}: ${output.evalue}`);
      if (
        output.output_type === 'stream' &&
        output.name === 'stderr' &&
        /error/i.test(joinedText(output.text))
      )
        problems.push(`${where} wrote an error: ${joinedText(output.text)}`);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal codes are what is looked for
      if (/\u001b\[/.test(joinedText(output.data?.['text/plain'])))
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
  await writeKernelSpec(jupyterPath, 'deno', {
    argv: [DENO, 'jupyter', '--kernel', '--conn', '{connection_file}'],
    display_name: 'Deno',
  });
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
      const cells = await executeNotebook({
        folder: project,
        notebook: name,
        jupyterPath,
        kernel: 'deno',
        // Deno's caches in the test's folder: nothing is left in the user's home.
        env: { DENO_DIR: join(folder.path, 'deno-cache'), DENO_NO_UPDATE_CHECK: '1' },
      });
      expect(problemsOf(cells)).toEqual([]);
      const tagged = cells.filter((cell) => (cell.metadata.tags ?? []).some((tag) => tag in EXPECTED));
      expect(tagged.length).toBeGreaterThan(0);
    },
    300_000,
  );
});
