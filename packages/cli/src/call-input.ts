import { readFile } from 'node:fs/promises';
import { usageError } from './exit-codes.js';

/** Where a call's input comes from: `--input <json>` or `--input-file <path>` (commander refuses both). */
export interface InputFlags {
  readonly input?: string;
  readonly inputFile?: string;
}

const WHY_UNREADABLE: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EISDIR: 'it is a folder',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
};

async function readInputFile(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    throw usageError(
      `--input-file ${path} cannot be read (${WHY_UNREADABLE[code] ?? (code || 'unreadable')}): give the path of a JSON file, or the JSON itself with --input.`,
    );
  }
}

/** The call's input as parsed JSON (`{}` when neither flag is given); a usage error names the flag at fault. */
export async function callInputOf(flags: InputFlags): Promise<unknown> {
  const source = flags.inputFile === undefined ? '--input' : `--input-file ${flags.inputFile}`;
  const text = flags.inputFile === undefined ? (flags.input ?? '{}') : await readInputFile(flags.inputFile);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw usageError(
      `${source} is not valid JSON (${(error as Error).message}); write it like '{"model_id":"flux-dev","prompt":"a fox"}'.`,
    );
  }
}
