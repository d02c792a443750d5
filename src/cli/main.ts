import { runCli } from './run.js';

runCli(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`gentk: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
