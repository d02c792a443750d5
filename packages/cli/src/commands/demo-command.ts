import { Command } from 'commander';
import { action, type SetExit } from '../action.js';
import { baseUrlOf } from '../base-url.js';
import { type CredentialFlags, credentialsFor } from '../credentials.js';
import { EXIT } from '../exit-codes.js';
import { parseNumber } from '../numbers.js';

interface DemoFlags extends CredentialFlags {
  readonly json?: boolean;
  readonly baseUrl?: string;
  readonly yes?: boolean;
  readonly timeScale: number;
  readonly outputDir?: string;
  readonly maxDownloadBytes?: number;
  readonly downloadOrigin?: string[];
}

/**
 * The demo: the toolkit doing its main job on the embedded emulator (or on a real service with
 * --base-url and credentials). It needs the `ai` package, an optional peer, loaded only here.
 */
export function demoCommand(setExit: SetExit): Command {
  return new Command('demo')
    .description(
      'Watch an agent register itself, get the least privilege it needs, and use the service through AI SDK tools.',
    )
    .option(
      '--base-url <url>',
      'run against a real service (credentials from GENTK_API_KEY and GENTK_EMAIL/GENTK_PASSWORD or GENTK_TOKEN)',
    )
    .option(
      '--yes',
      'approve the wallet funding without asking (with no terminal to ask and no --yes, it is denied, except on the embedded emulator)',
    )
    .option(
      '--time-scale <factor>',
      "the emulator's speed-up (0.02: 50 times faster)",
      parseNumber('--time-scale', { min: 1e-5, max: 1 }),
      0.02,
    )
    .option(
      '--output-dir <path>',
      'where to save the generated files (default: a new folder in the temp directory)',
    )
    .option('--email <email>', 'with --base-url: the account (password from GENTK_PASSWORD)')
    .option(
      '--max-download-bytes <bytes>',
      'largest result file saved (default: 104857600, 100 MiB)',
      parseNumber('--max-download-bytes', { min: 1, integer: true }),
    )
    .option(
      '--download-origin <origin...>',
      "origins besides the service's own that may serve result files (a CDN)",
    )
    .action(
      action<DemoFlags>(setExit, async (output, flags) => {
        let runDemo: typeof import('../demo/run-demo.js').runDemo;
        try {
          ({ runDemo } = await import('../demo/run-demo.js'));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') {
            output.note(
              'The demo drives its agent through the Vercel AI SDK, an optional peer of gentk: install it beside gentk with `npm install ai@7` (`npm install -g ai@7` for a global gentk).',
            );
            return EXIT.usage;
          }
          throw error;
        }
        const found = flags.baseUrl
          ? await credentialsFor(flags, new URL(baseUrlOf(flags.baseUrl)).origin, {
              token: true,
              apiKey: true,
            })
          : {};
        const apiKey = found.apiKey;
        return runDemo({
          output,
          yes: Boolean(flags.yes),
          timeScale: flags.timeScale,
          ...(flags.baseUrl ? { baseUrl: flags.baseUrl } : {}),
          ...(found.auth ? { auth: found.auth } : {}),
          ...(apiKey && flags.baseUrl ? { apiKey } : {}),
          ...(flags.outputDir ? { outputDir: flags.outputDir } : {}),
          ...(flags.maxDownloadBytes ? { maxDownloadBytes: flags.maxDownloadBytes } : {}),
          ...(flags.downloadOrigin ? { downloadOrigins: flags.downloadOrigin } : {}),
        });
      }),
    );
}
