/**
 * A self-registering agent: it creates its own account by following the service's registration
 * runbook (auth.md: sign up, claim the e-mailed code, verify, exchange for a token), asks for the
 * minimum scopes of the operations it will use, gets a generation key of its own, and keeps its
 * token in a token store file.
 *
 *   npx tsx examples/self-registering-agent.ts
 *
 * On the embedded emulator, the e-mailed code is read from the emulator's test mailbox over HTTP
 * (`GET /_emulator/mailbox?email=`), as an agent in another process would. Against a real service
 * (GENTK_BASE_URL, with GENTK_EMAIL and GENTK_PASSWORD for the new account), type the code you
 * receive when asked.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { type ClaimHandler, connect } from 'generation-agent-toolkit';
import { FileTokenStore } from 'generation-agent-toolkit/node';
import { startEmulator } from 'generation-agent-toolkit-emulator';

// The embedded emulator, unless GENTK_BASE_URL names a real service.
const emulator = process.env.GENTK_BASE_URL ? undefined : await startEmulator({ timeScale: 0.02 });
const baseUrl = emulator?.url ?? (process.env.GENTK_BASE_URL as string);
console.log(
  emulator ? `✓ emulator of the service running at ${baseUrl}` : `✓ using the service at ${baseUrl}`,
);

// A new account of the agent's own. Its password stays in memory: the store never holds it.
const email = process.env.GENTK_EMAIL ?? `agent-${randomBytes(4).toString('hex')}@example.test`;
const password = process.env.GENTK_PASSWORD ?? randomBytes(18).toString('base64url');

/** Reads the code the service e-mailed from the emulator's mailbox, over HTTP. */
const claimFromMailbox: ClaimHandler = async ({ email: address, signal }) => {
  const url = new URL(`/_emulator/mailbox?email=${encodeURIComponent(address)}`, baseUrl);
  const { messages } = (await (await fetch(url, { signal })).json()) as {
    messages: { kind: string; code: string }[];
  };
  const code = messages.filter((message) => message.kind === 'verification').at(-1)?.code;
  if (!code) throw new Error(`no verification e-mail for ${address}`);
  console.log(`✓ claim code read from the mailbox of ${address}`);
  return code;
};

/** Asks the person at the terminal for the code (a real service sends a real e-mail). */
const claimFromTerminal: ClaimHandler = async ({ email: address, signal }) => {
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await terminal.question(`The code e-mailed to ${address}: `, { signal });
  } finally {
    terminal.close();
  }
};

// Tokens are kept between runs in a file only its owner can read (mode 0600), written atomically.
const folder = await mkdtemp(join(tmpdir(), 'self-registering-agent-'));
const storePath = join(folder, 'tokens.json');

console.log(`Registering ${email} by the service's runbook…`);
const session = await connect({
  baseUrl,
  // The operations the agent will use: its token carries their scopes and nothing more.
  operations: { ids: ['v7_images_text_to_image', 'get_wallet_balance'] },
  auth: {
    register: {
      email,
      password,
      claim: emulator ? claimFromMailbox : claimFromTerminal,
      // A generation key of the agent's own, created with the claim token before it is revoked.
      createKey: 'self-registering-agent',
    },
  },
  tokenStore: new FileTokenStore(storePath),
});

try {
  for (const notice of session.notices) console.log(`✓ ${notice}`);
  console.log(`✓ scopes requested: ${session.scopes.requested?.join(' ')}`);
  const granted = session.scopes.granted;
  console.log(`✓ scopes granted:   ${Array.isArray(granted) ? granted.join(' ') : String(granted)}`);
  console.log(`✓ operations offered: ${session.operations.map((operation) => operation.id).join(', ')}`);

  const mode = ((await stat(storePath)).mode & 0o777).toString(8);
  const stored = await readFile(storePath, 'utf8');
  console.log(
    `✓ token stored in ${storePath} (mode ${mode}; ${stored.includes(password) ? 'HOLDS THE PASSWORD' : 'no password in it'})`,
  );

  const balance = await session.call('get_wallet_balance');
  if (balance.status === 'success') {
    const { data } = balance.body as { data: { balance: number; currency: string } };
    console.log(`✓ balance of the new account: ${data.balance.toFixed(2)} ${data.currency}`);
  }
  const image = await session.call('v7_images_text_to_image', {
    model_id: 'flux-dev',
    prompt: 'a robot filling in a sign-up form',
  });
  if (image.status === 'success')
    console.log(`✓ image generated with the agent's own key: ${image.outputs[0]?.url}`);
} finally {
  // Closing revokes the token the session obtained and removes it from the store.
  await session.close();
  const tokens = emulator?.inspect(email)?.tokens ?? [];
  if (emulator)
    console.log(
      `✓ session closed: ${tokens.filter((token) => token.revoked).length} of ${tokens.length} tokens revoked`,
    );
  else console.log('✓ session closed');
  await rm(folder, { recursive: true, force: true });
  await emulator?.close();
}
