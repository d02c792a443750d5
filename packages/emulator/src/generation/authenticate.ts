import type { GenerationOperation } from '../catalogue/types.js';
import type { EmulatorContext, RequestContext } from '../context.js';
import { generationKeyOf } from '../http/rate-limit-middleware.js';
import type { Account, ApiKeyRecord } from '../state/records.js';
import { generationError } from './respond.js';

export type KeyCheck =
  | { readonly ok: true; readonly account: Account; readonly key: ApiKeyRecord }
  | { readonly ok: false; readonly response: Response };

/** Finds the account behind the generation key, sent as a Bearer credential or as the body's `key`. */
export async function authenticateKey(
  c: RequestContext,
  ctx: EmulatorContext,
  operation: GenerationOperation,
): Promise<KeyCheck> {
  const value = await generationKeyOf(c);
  if (!value) {
    const where =
      operation.keyPlacement === 'bearer'
        ? 'as Authorization: Bearer <key>'
        : 'as Authorization: Bearer <key> or in the JSON body as "key"';
    return {
      ok: false,
      response: generationError(c, ctx, operation, 401, `Missing API key. Send your key ${where}.`),
    };
  }
  const found = ctx.state.findApiKey(value);
  if (!found) {
    return {
      ok: false,
      response: generationError(
        c,
        ctx,
        operation,
        401,
        'Invalid API key. Check the key, or create one in the control plane.',
      ),
    };
  }
  return { ok: true, account: found.account, key: found.key };
}
