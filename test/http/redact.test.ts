import { describe, expect, it } from 'vitest';
import { REDACTED, Redactor } from '../../src/http/index.js';

describe('Redactor', () => {
  it('masks registered secrets wherever they appear, URL-encoded too', () => {
    const redactor = new Redactor();
    redactor.addSecret('s3cr3t+value/x');
    expect(redactor.redact('got s3cr3t+value/x and s3cr3t%2Bvalue%2Fx')).toBe(
      `got ${REDACTED} and ${REDACTED}`,
    );
  });

  it('does not register values too short to be secrets', () => {
    const redactor = new Redactor();
    redactor.addSecret('a');
    expect(redactor.redact('a cat')).toBe('a cat');
  });

  it('masks secret shapes it was never told about', () => {
    const redactor = new Redactor();
    const text = [
      'Authorization: Bearer abcdefghijklmnop',
      '{"key":"gk_live_123","password":"hunter2","access_token":"t","verification_code":"123456"}',
      'https://x.test/a?key=abc&api_key=def&page=2',
      'token gat_AAAAAAAAAAAAAAAAAAAAAAAA and gk_BBBBBBBBBBBBBBBBBBBBBBBB',
    ].join('\n');
    const result = redactor.redact(text);
    for (const secret of [
      'abcdefghijklmnop',
      'gk_live_123',
      'hunter2',
      '"t"',
      '123456',
      'key=abc',
      'def',
      'AAAAAAAAAAAAAAAA',
      'BBBBBBBBBBBBBBBB',
    ]) {
      expect(result).not.toContain(secret);
    }
    expect(result).toContain('page=2');
  });

  it('masks a verification code but keeps an error code', () => {
    const redactor = new Redactor();
    expect(redactor.redact('{"code":"validation_error"}')).toBe('{"code":"validation_error"}');
    expect(redactor.redactValue({ code: 'validation_error', nested: { code: '839201' } })).toEqual({
      code: 'validation_error',
      nested: { code: REDACTED },
    });
  });

  it('masks secret fields in objects, deeply, without touching the original', () => {
    const original = {
      key: 'k',
      data: { access_token: 'abc', user: { email: 'a@b.c' } },
      list: [{ password: 'p' }],
    };
    const copy = new Redactor().redactValue(original);
    expect(copy).toEqual({
      key: REDACTED,
      data: { access_token: REDACTED, user: { email: 'a@b.c' } },
      list: [{ password: REDACTED }],
    });
    expect(original.key).toBe('k');
  });

  it('survives cycles', () => {
    const value: Record<string, unknown> = { name: 'x' };
    value.self = value;
    expect(new Redactor().redactValue(value)).toEqual({ name: 'x', self: '[Circular]' });
  });
});
