/**
 * tslab, the Node kernel for TypeScript, resolves types as `moduleResolution: node10`, which reads
 * no `exports` map: a subpath has types there only through `typesVersions`. A notebook run headless
 * in tslab (installed into the user's project beside the package, as a user installs it: not in
 * the workspace, where its TypeScript would take over the `tsc` command), through nbconvert, imports every subpath of the packed
 * package, type-checked by tslab as a user's cell is, and shows a call's result with its image.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { executeNotebook, joinedText, writeKernelSpec } from '../support/jupyter-notebooks.js';
import { installPackedProject } from '../support/packed-project.js';
import { useTemporaryFolder } from '../support/temporary-folders.js';
import { ROOT, requireBuild } from './run-example.js';

interface PackageManifest {
  readonly exports: Record<string, unknown>;
  readonly peerDependencies: Record<string, string>;
  readonly devDependencies: Record<string, string>;
}

const manifest = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as PackageManifest;
const subpaths = Object.keys(manifest.exports)
  .filter((key) => key !== './package.json')
  .map((key) => (key === '.' ? 'generation-agent-toolkit' : `generation-agent-toolkit/${key.slice(2)}`));

function code(source: string) {
  return { cell_type: 'code', execution_count: null, metadata: {}, outputs: [], source };
}

const NODE = existsSync(join(ROOT, 'node_modules/.bin/node'))
  ? join(ROOT, 'node_modules/.bin/node')
  : process.execPath;

const folder = useTemporaryFolder('tslab-');
let project: string;
let jupyterPath: string;

beforeAll(async () => {
  requireBuild();
  // The optional peers too, as a user of every entry has them: each entry's types import its framework's.
  const peers = Object.keys(manifest.peerDependencies).map(
    (name) => `${name}@${manifest.devDependencies[name] ?? manifest.peerDependencies[name]}`,
  );
  project = await installPackedProject({
    folder: folder.path,
    packages: ['.', 'packages/emulator'],
    dependencies: [...peers, 'tslab@^1.0.22'],
  });
  // The kernelspec `tslab install` writes, in a folder of the test rather than the user's.
  jupyterPath = join(folder.path, 'jupyter');
  await writeKernelSpec(jupyterPath, 'tslab', {
    // On the Node the package supports: the `node` devDependency's (the machine's may be older).
    argv: [
      NODE,
      join(project, 'node_modules/tslab/bin/tslab'),
      'kernel',
      '--config-path',
      '{connection_file}',
    ],
    display_name: 'TypeScript',
  });
}, 300_000);

describe('tslab, headless', () => {
  it('imports every subpath of the packed package with its types, and shows a result with its image', async () => {
    const cells = [
      ...subpaths.map((subpath, index) =>
        code(
          `import * as entry${index} from '${subpath}';\nconsole.log('${subpath}', Object.keys(entry${index}).length);`,
        ),
      ),
      code(
        [
          "import { connect } from 'generation-agent-toolkit';",
          "import { displayInNotebook } from 'generation-agent-toolkit/notebook';",
          "import { startEmulator } from 'generation-agent-toolkit-emulator';",
          'const emulator = await startEmulator({ timeScale: 0.01 });',
          'const account = emulator.createAccount({ credits: 25 });',
          "const session = await connect({ baseUrl: emulator.url, apiKey: account.apiKey, operations: { ids: ['v7_images_text_to_image'] } });",
          "const result = await session.call('v7_images_text_to_image', { model_id: 'flux-dev', prompt: 'a kite' });",
          'await displayInNotebook(result);',
          'await session.close();',
          'await emulator.close();',
        ].join('\n'),
      ),
    ];
    const notebook = {
      cells,
      metadata: { kernelspec: { display_name: 'TypeScript', language: 'typescript', name: 'tslab' } },
      nbformat: 4,
      nbformat_minor: 5,
    };
    await writeFile(join(project, 'subpaths.ipynb'), JSON.stringify(notebook));
    const executed = await executeNotebook({ folder: project, notebook: 'subpaths.ipynb', jupyterPath });
    const outputs = executed.flatMap((cell) => cell.outputs ?? []);
    // tslab prints type errors (a subpath without types) on stderr, and the cell does not run.
    expect(
      outputs.filter((output) => output.name === 'stderr').map((output) => joinedText(output.text)),
    ).toEqual([]);
    const printed = outputs
      .filter((output) => output.name === 'stdout')
      .map((output) => joinedText(output.text));
    for (const subpath of subpaths) expect(printed.join('')).toMatch(new RegExp(`^${subpath} [1-9]`, 'm'));
    const shown = outputs.map((output) => joinedText(output.data?.['text/html'])).join('');
    expect(shown).toMatch(/<img [^>]*src="data:image\/png;base64,/);
    // The wait showed its progress line, updated in place to its last state.
    expect(shown).toMatch(/<code>✓ job \S+ finished after/);
  }, 300_000);
});
