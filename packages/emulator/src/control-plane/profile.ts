import { ok } from '../http/envelope.js';
import { findModel } from '../models.js';
import { ApiError, conflict, invalidFields } from './api-error.js';
import { BEARER_CHALLENGE } from './authenticate.js';
import { type OperationHandler, type SessionInput, tokenHandler } from './handler.js';
import { serializeProfile } from './serialize-account.js';

// The profile is the user's own, whichever account context the token acts for.

const readProfile = tokenHandler(({ c, session }) => ok(c, serializeProfile(session.user)));

const updateProfile = tokenHandler(({ c, ctx, session, body }) => {
  const { user } = session;
  if (typeof body.username === 'string' && body.username !== user.username) {
    const taken = [...ctx.state.accounts.values()].some((account) => account.username === body.username);
    if (taken) throw conflict('That username is taken; choose another.', { field: 'username' });
    user.username = body.username;
  }
  if (typeof body.name === 'string') user.name = body.name;
  return ok(c, serializeProfile(user));
});

const changePassword = tokenHandler(({ c, ctx, session, body }) => {
  if (!ctx.state.checkPassword(session.user, String(body.current_password))) {
    throw new ApiError('invalid_credentials', 'The current password is wrong.', null, {
      'WWW-Authenticate': BEARER_CHALLENGE,
    });
  }
  ctx.state.setPassword(session.user, String(body.new_password));
  return ok(c, {
    message:
      'The password was changed. Other tokens stay valid; revoke them with /auth/tokens/revoke-others.',
  });
});

/** The body's fields that the operation's schema names; unknown ones are not stored. */
function declaredFields(input: SessionInput): Array<[string, unknown]> {
  const properties = input.operation.body?.properties;
  const names = properties && typeof properties === 'object' ? Object.keys(properties) : [];
  return Object.entries(input.body).filter(([name]) => names.includes(name));
}

const updatePreferences = tokenHandler((input) => {
  const model = input.body.default_model;
  if (typeof model === 'string' && !findModel(model)) {
    throw invalidFields({ default_model: 'must be a model id of the catalogue (GET /models)' });
  }
  for (const [name, value] of declaredFields(input)) input.session.user.preferences[name] = value;
  return ok(input.c, serializeProfile(input.session.user));
});

const updateSocials = tokenHandler((input) => {
  for (const [network, value] of declaredFields(input)) {
    // An empty string removes the link.
    if (value === '') delete input.session.user.socials[network];
    else input.session.user.socials[network] = String(value);
  }
  return ok(input.c, serializeProfile(input.session.user));
});

/** Handlers of /me: the caller's own profile, password, preferences and social links. */
export const PROFILE_HANDLERS: Record<string, OperationHandler> = {
  get_me: readProfile,
  patch_me: updateProfile,
  patch_me_password: changePassword,
  patch_me_preferences: updatePreferences,
  patch_me_socials: updateSocials,
};
