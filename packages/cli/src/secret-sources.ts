/**
 * Where the CLI reads a secret from besides the environment: a file (`--api-key-file`) or standard
 * input (`--api-key -`), neither of which shows in the process list or the shell history.
 * @module
 */
import { readFile } from 'node:fs/promises';
import { CliError, usageError } from './exit-codes.js';
import { secretFlagWarning } from './secret-arguments.js';

/** Longest secret read from a file or standard input: a key is tens of characters, not megabytes. */
const MAX_SECRET_BYTES = 64 * 1024;

/** The secret flags of one kind: a value (`-` for standard input) and a file. */
export interface SecretFlag {
  /** The flag's name, for messages: `--api-key`. */
  readonly flag: string;
  readonly value: string | undefined;
  readonly file: string | undefined;
}

/** A secret as written in a file or piped in: one line, its line break and surrounding blanks not part of it. */
function secretText(text: string, from: string): string {
  const secret = text.trim();
  if (secret === '') throw usageError(`${from} is empty.`);
  if (/[\r\n]/.test(secret))
    throw usageError(`${from} holds more than one line; put the secret alone on one line.`);
  return secret;
}

async function readStandardInput(): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    size += (chunk as Buffer).length;
    if (size > MAX_SECRET_BYTES)
      throw usageError(
        `Standard input holds more than ${MAX_SECRET_BYTES} bytes; it should hold one secret.`,
      );
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The secrets of `flags`, each from its value, `-` (standard input, for one flag at most) or its
 * file; undefined for a flag given neither way. A flag given both ways is a usage error.
 */
export async function readSecretFlags(flags: readonly SecretFlag[]): Promise<(string | undefined)[]> {
  const fromInput = flags.filter((flag) => flag.value === '-');
  if (fromInput.length > 1) {
    throw usageError(
      `Only one secret can come from standard input; ${fromInput.map((flag) => `${flag.flag} -`).join(' and ')} were given.`,
    );
  }
  return Promise.all(
    flags.map(async ({ flag, value, file }) => {
      if (value !== undefined && file !== undefined)
        throw usageError(`Give ${flag} or ${flag}-file, not both.`);
      if (value === '-') return secretText(await readStandardInput(), 'Standard input');
      if (value !== undefined) {
        // Said only when the secret is used: a usage error stays the one line it should be.
        process.stderr.write(secretFlagWarning(flag));
        return value;
      }
      if (file === undefined) return undefined;
      let text: string;
      try {
        const bytes = await readFile(file);
        if (bytes.length > MAX_SECRET_BYTES)
          throw usageError(
            `${flag}-file ${file} is larger than ${MAX_SECRET_BYTES} bytes; it should hold one secret.`,
          );
        text = bytes.toString('utf8');
      } catch (error) {
        if (error instanceof CliError) throw error;
        throw usageError(
          `${flag}-file ${file} could not be read (${(error as NodeJS.ErrnoException).code ?? String(error)}).`,
        );
      }
      return secretText(text, `${flag}-file ${file}`);
    }),
  );
}
