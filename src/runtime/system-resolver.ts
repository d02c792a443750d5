/**
 * The system's name resolution (`node:dns` `lookup`, every address), loaded at the first name to
 * resolve, never at import: the core entries stay free of Node built-ins, and where there is no
 * `node:dns` (workerd, edge runtimes resolve names out of the program's reach) a name resolves to
 * nothing here, which callers read as "the addresses are unknown".
 * @module
 */

/** The addresses a host name resolves to. */
export type ResolveHost = (hostname: string) => Promise<readonly string[]>;

let loading: Promise<typeof import('node:dns/promises').lookup | undefined> | undefined;

/**
 * Every address `hostname` resolves to, as the system's resolver answers (the one connections
 * use); `[]` where the runtime offers no resolver.
 *
 * @example
 * await resolveWithSystem('localhost'); // ['127.0.0.1', '::1'] on most machines
 */
export const resolveWithSystem: ResolveHost = async (hostname) => {
  loading ??= import('node:dns/promises').then(
    (dns) => dns.lookup,
    () => undefined,
  );
  const lookup = await loading;
  if (!lookup) return [];
  const entries = await lookup(hostname, { all: true, verbatim: true });
  return entries.map((entry) => entry.address);
};
