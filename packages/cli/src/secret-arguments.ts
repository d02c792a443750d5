/**
 * Secrets given as flags (`--api-key sk-...`) are visible to every user of the machine in `ps`
 * for as long as gentk runs, and stay in the shell's history. gentk still takes them, hides them
 * from the process list as soon as it starts (the command line the system shows is rewritten,
 * through `process.title`, with the values masked), and says so when it uses one.
 * @module
 */

/** The flags whose value is a secret, and where the secret is better kept. */
const SECRET_FLAGS: Readonly<Record<string, { readonly variable: string; readonly file: string }>> = {
  '--api-key': { variable: 'GENTK_API_KEY', file: '--api-key-file' },
  '--token': { variable: 'GENTK_TOKEN', file: '--token-file' },
};

/** What a masked value reads as. */
const HIDDEN = '[hidden]';

/** The warning for a secret given as `flag`'s value on the command line. */
export function secretFlagWarning(flag: string): string {
  const { variable, file } = SECRET_FLAGS[flag] ?? { variable: 'the environment', file: `${flag}-file` };
  return `gentk: warning: ${flag} on the command line shows in the process list (ps) and the shell history; use ${variable}, ${file} <path> or ${flag} - (standard input) instead.\n`;
}

/**
 * `argv` (the arguments after the script) with every secret flag's value masked (`-`, read from
 * standard input, is kept), or undefined when none holds one.
 */
export function concealSecretArguments(argv: readonly string[]): string[] | undefined {
  const concealed = [...argv];
  let flagged = 0;
  for (let index = 0; index < concealed.length; index += 1) {
    const argument = concealed[index] as string;
    if (argument === '--') break;
    const [name, inline] = argument.includes('=')
      ? [argument.slice(0, argument.indexOf('=')), argument.slice(argument.indexOf('=') + 1)]
      : [argument, undefined];
    if (!(name in SECRET_FLAGS)) continue;
    const valueAt = inline === undefined ? index + 1 : index;
    const value = inline ?? concealed[valueAt];
    if (value === undefined || value === '-') continue;
    concealed[valueAt] = inline === undefined ? HIDDEN : `${name}=${HIDDEN}`;
    flagged += 1;
    if (inline === undefined) index += 1;
  }
  return flagged > 0 ? concealed : undefined;
}

/**
 * Hides the secret values of this process's command line from `ps` and from `process.argv`. On
 * Linux the system's copy of the command line is overwritten (up to its original length); elsewhere
 * at least `process.argv` is.
 */
export function hideSecretArguments(): void {
  const argv = process.argv.slice(2);
  const concealed = concealSecretArguments(argv);
  if (!concealed) return;
  process.argv.splice(2, argv.length, ...concealed);
  try {
    process.title = ['gentk', ...concealed].join(' ');
  } catch {
    // A platform that cannot set the title still has the masked process.argv.
  }
}
