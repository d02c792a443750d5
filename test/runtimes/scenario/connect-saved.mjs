/** Node, Deno and Bun: a fresh program's first connect() from service.gentk; prints it as one JSON line. */
import { readFileSync } from 'node:fs';
import { coldConnect } from './cold-connect.mjs';

const env = globalThis.process?.env ?? globalThis.Deno?.env.toObject();
const figures = await coldConnect({
  baseUrl: env.GENTK_BASE_URL,
  apiKey: env.GENTK_API_KEY,
  text: readFileSync('service.gentk', 'utf8'),
});
console.log(`COLD ${JSON.stringify(figures)}`);
