import { hideSecretArguments } from './secret-arguments.js';

// Hiding a secret flag from `ps` comes first, before the rest of gentk is even loaded; the
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
