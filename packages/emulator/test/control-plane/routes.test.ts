import { describe, expect, it } from 'vitest';
import { CONTROL_PLANE_OPERATIONS } from '../../src/catalogue/control-plane-operations.js';
import { ERROR_CODES } from '../../src/catalogue/error-codes.js';
import { ApiError, type ControlPlaneErrorCode } from '../../src/control-plane/api-error.js';
import { honoPath } from '../../src/control-plane/index.js';
import { CONTROL_PLANE_HANDLERS } from '../../src/control-plane/routes.js';
import { narrowScopes } from '../../src/control-plane/switch-account.js';

describe('the control-plane route table', () => {
  it('has exactly one handler per operation of the catalogue', () => {
    expect(CONTROL_PLANE_OPERATIONS).toHaveLength(75);
    expect(Object.keys(CONTROL_PLANE_HANDLERS).sort()).toEqual(
      CONTROL_PLANE_OPERATIONS.map((operation) => operation.operationId).sort(),
    );
  });

  it('authenticates each handler as its operation declares', () => {
    for (const operation of CONTROL_PLANE_OPERATIONS) {
      expect(CONTROL_PLANE_HANDLERS[operation.operationId]?.auth, operation.operationId).toBe(operation.auth);
    }
  });

  it("turns {param} into Hono's :param", () => {
    expect(honoPath('/api/agents/v1/teams/invitations/{inviteId}/accept')).toBe(
      '/api/agents/v1/teams/invitations/:inviteId/accept',
    );
  });
});

describe('ApiError', () => {
  const codes: ControlPlaneErrorCode[] = [
    'validation_error',
    'invalid_json',
    'unauthenticated',
    'invalid_token',
    'token_expired',
    'token_revoked',
    'invalid_credentials',
    'insufficient_scope',
    'email_not_verified',
    'forbidden',
    'email_taken',
    'invalid_code',
    'code_expired',
    'not_found',
    'conflict',
    'payment_declined',
    'payment_method_required',
    'insufficient_funds',
    'idempotency_key_reused',
    'payload_too_large',
  ];

  it.each(codes)('answers %s with the status of the published error model', (code) => {
    const published = ERROR_CODES.find((definition) => definition.code === code);
    expect(published).toBeDefined();
    expect(new ApiError(code, 'message').status).toBe(published?.status);
  });

  it('refuses a code the error model does not publish', () => {
    expect(() => new ApiError('teapot' as ControlPlaneErrorCode, 'message')).toThrow(/error model/);
  });
});

describe('narrowScopes', () => {
  it('keeps what a * caller asks for', () => {
    expect(narrowScopes('*', ['wallet:read'])).toEqual({ scopes: ['wallet:read'], dropped: [] });
    expect(narrowScopes('*', '*')).toEqual({ scopes: '*', dropped: [] });
  });

  it('never gives more than the caller holds', () => {
    expect(narrowScopes(['wallet:read'], '*')).toEqual({ scopes: ['wallet:read'], dropped: ['*'] });
    expect(narrowScopes(['wallet:read'], ['wallet:read', 'wallet:write'])).toEqual({
      scopes: ['wallet:read'],
      dropped: ['wallet:write'],
    });
    expect(narrowScopes([], ['profile:read'])).toEqual({ scopes: [], dropped: ['profile:read'] });
  });
});
