import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REDACTED, Redactor } from '../../src/http/index.js';

/** The masking `maskKnown` must do, the slow way: every character inside any occurrence is covered. */
function naiveMask(text: string, secrets: readonly string[]): string {
  const covered = new Array<boolean>(text.length).fill(false);
  for (const secret of secrets) {
    for (let at = text.indexOf(secret); at !== -1; at = text.indexOf(secret, at + 1)) {
      covered.fill(true, at, at + secret.length);
    }
  }
  let result = '';
  for (let index = 0; index < text.length; index += 1) {
    if (!covered[index]) result += text[index];
    else if (index === 0 || !covered[index - 1]) result += REDACTED;
  }
  return result;
}

describe('Redactor', () => {
  it('masks registered secrets wherever they appear, URL-encoded too', () => {
    const redactor = new Redactor();
    redactor.addSecret('s3cr3t+value/x');
    expect(redactor.redact('got s3cr3t+value/x and s3cr3t%2Bvalue%2Fx')).toBe(
      `got ${REDACTED} and ${REDACTED}`,
    );
  });

  it('masks exactly the occurrences a naive search finds, however the secrets overlap', () => {
    // Two letters make secrets that contain, overlap and repeat each other; the text is made of
    // the secrets themselves, whole and in pieces.
    const letters = (minLength: number, maxLength: number) =>
      fc.string({ unit: fc.constantFrom('a', 'b'), minLength, maxLength });
    const scenario = fc
      .uniqueArray(letters(6, 9), { minLength: 1, maxLength: 5 })
      .chain((secrets) =>
        fc.tuple(fc.constant(secrets), fc.array(fc.oneof(fc.constantFrom(...secrets), letters(1, 4)))),
      );
    fc.assert(
      fc.property(scenario, ([secrets, words]) => {
        const redactor = new Redactor();
        for (const [index, secret] of secrets.entries()) {
          if (index % 2 === 0) redactor.addSecret(secret);
          else redactor.learnSecret(secret);
        }
        const text = words.join('');
        // Occurrences that merely touch make two masks here and one in naiveMask: compare covered text.
        const runs = /(?:\[REDACTED\])+/g;
        expect(redactor.maskKnown(text).replace(runs, REDACTED)).toBe(naiveMask(text, secrets));
      }),
      { seed: 14_005, numRuns: 300 },
    );
  });

  it('keeps only the most recent secrets learned from answers, and always its own', () => {
    const redactor = new Redactor({ maxLearnedSecrets: 3 });
    redactor.addSecret('own-secret-1');
    for (let index = 0; index < 10; index += 1) redactor.learnSecret(`learned-${index}`);
    expect(redactor.secretCounts).toEqual({ own: 1, learned: 3 });
    expect(redactor.maskKnown('own-secret-1 learned-0 learned-9')).toBe(`${REDACTED} learned-0 ${REDACTED}`);
  });

  it('masks known values in every string and field name of a result, copying only what changes', () => {
    const redactor = new Redactor();
    redactor.addSecret('sk-live-123456');
    const untouched = { list: [{ code: '123456', token: 'kept: only known values are masked' }] };
    const result = {
      untouched,
      note: 'your key is sk-live-123456',
      'sk-live-123456': true,
      urls: ['https://cdn.test/a.png?sig=sk-live-123456'],
    };
    const masked = redactor.maskKnownValue(result);
    expect(masked).toEqual({
      untouched,
      note: `your key is ${REDACTED}`,
      [REDACTED]: true,
      urls: [`https://cdn.test/a.png?sig=${REDACTED}`],
    });
    expect(masked.untouched).toBe(untouched);
    expect(redactor.maskKnownValue(untouched)).toBe(untouched);
    expect(result.note).toBe('your key is sk-live-123456');
    const cyclic: Record<string, unknown> = { note: 'sk-live-123456' };
    cyclic.self = cyclic;
    expect(redactor.maskKnownValue(cyclic)).toEqual({ note: REDACTED, self: '[Circular]' });
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
