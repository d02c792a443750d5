import { describe, expect, it } from 'vitest';
import {
  linksWithRelation,
  parseWwwAuthenticate,
  requiredScopeFromChallenges,
} from '../../src/http/index.js';

describe('parseWwwAuthenticate (RFC 9110 section 11.6.1)', () => {
  it('reads the RFC example: two challenges, one with an escaped quoted string', () => {
    const challenges = parseWwwAuthenticate(
      'Basic realm="simple", Newauth realm="apps", type=1, title="Login to \\"apps\\""',
    );
    expect(challenges).toEqual([
      { scheme: 'basic', params: { realm: 'simple' } },
      { scheme: 'newauth', params: { realm: 'apps', type: '1', title: 'Login to "apps"' } },
    ]);
  });

  it('reads the same challenges in the other order', () => {
    const challenges = parseWwwAuthenticate(
      'Newauth realm="apps", type=1, title="Login to \\"apps\\"", Basic realm="simple"',
    );
    expect(challenges.map((c) => c.scheme)).toEqual(['newauth', 'basic']);
    expect(challenges[0]?.params.title).toBe('Login to "apps"');
  });

  it('reads RFC 6750 insufficient_scope and finds the scope', () => {
    const challenges = parseWwwAuthenticate(
      'Bearer realm="example", error="insufficient_scope", error_description="The request requires higher privileges", scope="wallet:write"',
    );
    expect(requiredScopeFromChallenges(challenges)).toBe('wallet:write');
  });

  it('finds the scope in the second of several challenges', () => {
    const challenges = parseWwwAuthenticate(
      'Basic realm="x", Bearer error="insufficient_scope", scope="a:read b:write"',
    );
    expect(requiredScopeFromChallenges(challenges)).toBe('a:read b:write');
  });

  it('reads a token68 and a scheme without parameters', () => {
    expect(parseWwwAuthenticate('Negotiate a87421000492aa874209af8bc028==, Basic')).toEqual([
      { scheme: 'negotiate', params: {}, token68: 'a87421000492aa874209af8bc028==' },
      { scheme: 'basic', params: {} },
    ]);
  });

  it('reads commas and equals signs inside quoted strings, and spaces around "="', () => {
    const [challenge] = parseWwwAuthenticate('Bearer realm = "a, b=c", error=invalid_token');
    expect(challenge?.params).toEqual({ realm: 'a, b=c', error: 'invalid_token' });
  });

  it('keeps the first of duplicate parameters and lower-cases names', () => {
    expect(parseWwwAuthenticate('Bearer Realm="one", realm="two"')[0]?.params).toEqual({ realm: 'one' });
  });

  it.each(['', ',,,', '"quoted"', '=', 'Bearer realm="unterminated', 'Bearer realm=', '\u00e9t\u00e9'])(
    'does not throw on %j',
    (value) => {
      expect(() => parseWwwAuthenticate(value)).not.toThrow();
      expect(requiredScopeFromChallenges(parseWwwAuthenticate(value))).toBeUndefined();
    },
  );

  it('keeps the challenges read before a malformed tail', () => {
    expect(parseWwwAuthenticate('Basic realm="ok", Bearer realm="cut').map((c) => c.scheme)).toEqual([
      'basic',
      'bearer',
    ]);
  });
});

describe('linksWithRelation', () => {
  it('finds the deprecation and sunset links the emulator sends', () => {
    const link =
      '<https://a.test/policy>; rel="deprecation"; type="text/markdown", <https://a.test/sunset>; rel=sunset';
    expect(linksWithRelation(link, 'deprecation')).toEqual(['https://a.test/policy']);
    expect(linksWithRelation(link, 'sunset')).toEqual(['https://a.test/sunset']);
    expect(linksWithRelation('garbage <', 'sunset')).toEqual([]);
  });
});
