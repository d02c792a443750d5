import type { EmulatorContext } from '../context.js';
import { ok } from '../http/envelope.js';
import type { Account, ApiKeyRecord } from '../state/records.js';
import { notFound } from './api-error.js';
import { type OperationHandler, tokenHandler } from './handler.js';
import { serializeApiKey } from './serialize-account.js';

// Keys belong to the acting account: keys made after switching to a team are the team's.

function liveKeys(ctx: EmulatorContext, account: Account): ApiKeyRecord[] {
  return [...ctx.state.apiKeys.values()].filter(
    (key) => key.accountId === account.id && key.deletedAt === null,
  );
}

/** A live key of the account, or 404 (other accounts' keys are not even acknowledged). */
function ownKey(ctx: EmulatorContext, account: Account, id: string): ApiKeyRecord {
  const key = ctx.state.apiKeys.get(id);
  if (!key || key.accountId !== account.id || key.deletedAt !== null) throw notFound('API key', id);
  return key;
}

const listKeys = tokenHandler(({ c, ctx, session }) =>
  ok(c, liveKeys(ctx, session.context).map(serializeApiKey)),
);

const readKey = tokenHandler(({ c, ctx, session, params }) =>
  ok(c, serializeApiKey(ownKey(ctx, session.context, params.id ?? ''))),
);

const createKey = tokenHandler(({ c, ctx, session, body }) => {
  const { secret, key } = ctx.state.createApiKey(session.context, String(body.name));
  return ok(c, { ...serializeApiKey(key), key: secret }, 201);
});

const renameKey = tokenHandler(({ c, ctx, session, params, body }) => {
  const key = ownKey(ctx, session.context, params.id ?? '');
  key.name = String(body.name);
  return ok(c, serializeApiKey(key));
});

const deleteKey = tokenHandler(({ c, ctx, session, params }) => {
  const key = ownKey(ctx, session.context, params.id ?? '');
  key.deletedAt = ctx.clock.now();
  return ok(c, {
    message: `The API key ${key.id} (${key.prefix}...) was deleted; requests with it now fail.`,
  });
});

/** Handlers of the generation API keys of the acting account. */
export const API_KEY_HANDLERS: Record<string, OperationHandler> = {
  get_api_keys: listKeys,
  get_api_keys_by_id: readKey,
  post_api_keys: createKey,
  put_api_keys_by_id: renameKey,
  delete_api_keys_by_id: deleteKey,
};
