/**
 * Notebooks run headless as CI runs them: a kernelspec written into a folder of the test (not the
 * user's Jupyter folders), and Debian's `jupyter-nbconvert` executing a notebook with it.
 * @module
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runIn, userEnvironment } from './packed-project.js';

/** One output of an executed cell, as nbformat writes it. */
export interface NotebookOutput {
  readonly output_type: string;
  readonly name?: string;
  readonly text?: string | string[];
  readonly data?: Record<string, string | string[]>;
  readonly ename?: string;
  readonly evalue?: string;
}

export interface NotebookCell {
  readonly cell_type: string;
  readonly source: string | string[];
  readonly metadata: { readonly tags?: readonly string[] };
  readonly outputs?: readonly NotebookOutput[];
}

/** nbformat's text, a string or a list of lines, as one string. */
export const joinedText = (text: string | string[] | undefined): string =>
  Array.isArray(text) ? text.join('') : (text ?? '');

/** Writes the kernelspec `name` (what `deno jupyter --install` or `tslab install` would write) under `jupyterPath`. */
export async function writeKernelSpec(
  jupyterPath: string,
  name: string,
  spec: { readonly argv: readonly string[]; readonly display_name: string },
): Promise<void> {
  await mkdir(join(jupyterPath, 'kernels', name), { recursive: true });
  await writeFile(
    join(jupyterPath, 'kernels', name, 'kernel.json'),
    JSON.stringify({ ...spec, language: 'typescript' }),
  );
}

export interface ExecuteNotebookOptions {
  /** The folder the notebook is in, and the kernel's working folder. */
  readonly folder: string;
  /** The notebook's file name in `folder`. */
  readonly notebook: string;
  /** Where the kernelspecs are (`JUPYTER_PATH`). */
  readonly jupyterPath: string;
  /** The kernel, when not the notebook's own. */
  readonly kernel?: string;
  readonly env?: NodeJS.ProcessEnv;
}

/** Executes a notebook with nbconvert and returns its executed cells; throws with nbconvert's output when it fails. */
export async function executeNotebook(options: ExecuteNotebookOptions): Promise<NotebookCell[]> {
  const executed = options.notebook.replace(/\.ipynb$/, '.executed.ipynb');
  const run = await runIn(
    options.folder,
    'jupyter-nbconvert',
    [
      '--to',
      'notebook',
      '--execute',
      ...(options.kernel ? [`--ExecutePreprocessor.kernel_name=${options.kernel}`] : []),
      '--ExecutePreprocessor.timeout=120',
      '--output',
      executed,
      options.notebook,
    ],
    { timeoutMs: 240_000, env: userEnvironment({ JUPYTER_PATH: options.jupyterPath, ...options.env }) },
  );
  if (run.code !== 0) throw new Error(`nbconvert failed on ${options.notebook}:\n${run.stderr}`);
  const { cells } = JSON.parse(await readFile(join(options.folder, executed), 'utf8')) as {
    cells: NotebookCell[];
  };
  return cells;
}
