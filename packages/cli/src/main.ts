import { hideSecretArguments } from './secret-arguments.js';
import { unsupportedNodeMessage } from './supported-node.js';

// The version is checked before the rest of gentk is loaded (hence the dynamic import): on an older
// Node, loading it fails inside a dependency with an error that says nothing of the version.
const unsupported = unsupportedNodeMessage();
if (unsupported) {
  process.stderr.write(`${unsupported}\n`);
  process.exitCode = 1;
} else {
  // Hiding a secret flag from `ps` comes next, before the rest of gentk is even loaded; the
  // arguments are read before they are masked.
  const argv = process.argv.slice(2);
  hideSecretArguments();
  import('./run.js')
    .then(({ runCli }) => runCli(argv))
    .then(
      (code) => {
        process.exitCode = code;
      },
      (error: unknown) => {
        process.stderr.write(`gentk: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exitCode = 1;
      },
    );
}
