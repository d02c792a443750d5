/**
 * The environment a command the CLI runs for the user (`--code-command`) gets: the CLI's own, less
 * every secret the CLI knows. The command is the user's, but what it runs (a mail reader, a
 * script from a tutorial) has no business with the password, the key or the token: they are
 * removed by name (`GENTK_PASSWORD`, `GENTK_API_KEY`, `GENTK_TOKEN`, any other `GENTK_*` named
 * like a secret) and by value (any variable, whatever its name, that holds a secret in hand).
 * @module
 */

/** The CLI's variables that hold secrets. */
const SECRET_VARIABLES = new Set(['GENTK_PASSWORD', 'GENTK_API_KEY', 'GENTK_TOKEN']);
/** Any other variable of the CLI's named like a secret (`GENTK_ADMIN_TOKEN`, `GENTK_WEBHOOK_SECRET`). */
const SECRET_NAME = /^GENTK_.*(?:KEY|TOKEN|PASSWORD|SECRET|CREDENTIAL)/i;

/**
 * `environment` without the CLI's secrets: its secret variables, and every variable whose value
 * holds one of `secrets` (a password read at the prompt, a key from a file).
 *
 * @example
 * commandEnvironment(process.env, [password]); // no GENTK_PASSWORD, GENTK_API_KEY, GENTK_TOKEN
 */
export function commandEnvironment(
  environment: NodeJS.ProcessEnv,
  secrets: readonly (string | undefined)[] = [],
): NodeJS.ProcessEnv {
  const known = secrets.filter(
    (secret): secret is string => typeof secret === 'string' && secret.length >= 6,
  );
  const kept: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(environment)) {
    if (value === undefined) continue;
    if (SECRET_VARIABLES.has(name.toUpperCase()) || SECRET_NAME.test(name)) continue;
    if (known.some((secret) => value.includes(secret))) continue;
    kept[name] = value;
  }
  return kept;
}
