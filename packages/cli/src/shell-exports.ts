/** Characters a POSIX shell reads literally outside quotes. */
const SHELL_SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** `value` as one shell word: bare when that is safe, else in single quotes. */
function shellWord(value: string): string {
  return SHELL_SAFE.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}

/** `export NAME=value` lines a person can paste into a POSIX shell, values quoted where they must be. */
export function shellExports(variables: Readonly<Record<string, string>>): string[] {
  return Object.entries(variables).map(([name, value]) => `export ${name}=${shellWord(value)}`);
}
