/**
 * One process of the token-store test (issue 22, finding 9): saves `count` tokens under keys of
 * its own to the FileTokenStore at `path`, all at once, then exits.
 * Run: node --import tsx f9-token-writer.ts <path> <writer> <count>
 */
import { FileTokenStore } from '../../../src/auth/index.js';

const [path, writer, count] = process.argv.slice(2);
const store = new FileTokenStore(path as string);
await Promise.all(
  Array.from({ length: Number(count) }, (_, index) =>
    store.save(`https://service.example|writer-${writer}-${index}@example.com`, {
      accessToken: `token-${writer}-${index}`,
      expiresAt: null,
      tokenExpiry: '1_month',
      ownedByToolkit: true,
      scopes: ['wallet:read'],
    }),
  ),
);
