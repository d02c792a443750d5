/**
 * Operations that handle credentials (signup, login, verification, password reset, token
 * exchange) are the toolkit's own business: never in the default choice, and when chosen
 * explicitly they wait for a person. A model that knows the password must not mint itself a token.
 */

import { type Emulator, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlesCredentials } from '../../src/auth/credential-operations.js';
import {
  connect,
  createToolSpecs,
  discover,
  type Operation,
  type ServiceDescription,
} from '../../src/index.js';
import { EMULATOR_SIGN_IN_OPERATIONS } from '../support/emulator-credential-operations.js';

let emulator: Emulator;
let service: ServiceDescription;

beforeAll(async () => {
  emulator = await startEmulator();
  service = await discover(emulator.url);
});
afterAll(async () => {
  await emulator.close();
});

describe('operations that handle credentials', () => {
  it('are recognised on the emulator: the ways in, the token exchanges and the password change', () => {
    const recognised = service.operations.filter(handlesCredentials).map((operation) => operation.id);
    expect(recognised).toEqual(
      expect.arrayContaining([
        ...EMULATOR_SIGN_IN_OPERATIONS,
        'post_auth_refresh',
        'post_auth_switch_account',
        'patch_me_password',
      ]),
    );
    expect(recognised).not.toContain('get_auth_tokens');
    expect(recognised).not.toContain('get_changelog');
    expect(recognised).not.toContain('v7_images_text_to_image');
  });

  it("are recognised on another service's paths too, by what they are", () => {
    const operation = (path: string, kind: 'none' | 'token' | 'api-key', effect: Operation['effect']) =>
      ({ path, credential: { kind }, effect }) as unknown as Operation;
    expect(handlesCredentials(operation('/oauth/token', 'api-key', 'write'))).toBe(true);
    expect(handlesCredentials(operation('/v2/accounts/register', 'api-key', 'write'))).toBe(true);
    // An unauthenticated change on a service where everything else needs a credential.
    expect(handlesCredentials(operation('/v1/magic-link', 'none', 'write'))).toBe(true);
    expect(handlesCredentials(operation('/v1/status', 'none', 'read'))).toBe(false);
    expect(handlesCredentials(operation('/v1/images', 'api-key', 'write'))).toBe(false);
  });

  it('are never in the default choice', async () => {
    const session = await connect({ service, apiKey: 'gk_unused' });
    const offered = [
      ...session.operations.map((op) => op.id),
      ...session.withheld.map((entry) => entry.operationId),
    ];
    await session.close();
    for (const id of EMULATOR_SIGN_IN_OPERATIONS) expect(offered).not.toContain(id);
    expect(offered).toContain('v7_images_text_to_image');
  });

  it('wait for a person when chosen explicitly, and say so to the model', async () => {
    const session = await connect({ service, apiKey: 'gk_unused', operations: { ids: ['post_auth_login'] } });
    const set = createToolSpecs(session, { mode: 'typed' });
    await session.close();
    const login = set.tools.find((tool) => tool.operationId === 'post_auth_login');
    expect(login).toBeDefined();
    expect(await login?.needsApproval({ email: 'a@example.test', password: 'correct horse' })).toBe(true);
    const never = createToolSpecs(session, { mode: 'typed', approval: 'never' });
    expect(await never.tools.find((tool) => tool.operationId === 'post_auth_login')?.needsApproval({})).toBe(
      false,
    );
  });
});
