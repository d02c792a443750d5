import { describe, expect, it } from 'vitest';
import { getDocument, useEmulator } from './emulator-fixture.js';

const emulator = useEmulator();

/** Every address this module publishes, with the media type it answers and a sign of its content. */
const ADDRESSES: ReadonlyArray<readonly [path: string, mediaType: RegExp, content: RegExp]> = [
  ['/openapi.json', /^application\/json$/, /"openapi":"3\.1\.0"/],
  ['/agents-openapi.json', /^application\/json$/, /"x-required-scope"/],
  [
    '/.well-known/api-catalog',
    /^application\/linkset\+json; profile="https:\/\/www\.rfc-editor\.org\/info\/rfc9727"$/,
    /"linkset"/,
  ],
  ['/.well-known/oauth-authorization-server', /^application\/json$/, /"token_endpoint"/],
  ['/.well-known/oauth-protected-resource', /^application\/json$/, /"authorization_servers"/],
  ['/.well-known/oauth-protected-resource/api/agents/v1', /^application\/json$/, /"authorization_servers"/],
  ['/auth.md', /^text\/markdown; charset=utf-8$/, /^# /],
  ['/llms.txt', /^text\/plain; charset=utf-8$/, /^# /],
  ['/llms-full.txt', /^text\/plain; charset=utf-8$/, /^# /],
  ['/models-feed', /^application\/json$/, /"pagination"/],
  [
    '/api-deprecation-policy',
    /^text\/markdown; charset=utf-8$/,
    /\| Version \| Lifecycle \| Deprecated \| Sunset \|/,
  ],
  ['/docs/generation', /^text\/html; charset=utf-8$/, /<h1>Generation API<\/h1>/],
  ['/docs/control-plane', /^text\/html; charset=utf-8$/, /<h1>Agent control plane<\/h1>/],
  ['/status', /^application\/json$/, /"status": "ok"/],
  ['/terms', /^text\/html; charset=utf-8$/, /Terms of service/],
  ['/privacy', /^text\/html; charset=utf-8$/, /Privacy policy/],
];

describe('published documents over HTTP', () => {
  it.each(ADDRESSES)('GET %s answers its media type and content', async (path, mediaType, content) => {
    const { response, text } = await getDocument(emulator.current, path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(mediaType);
    expect(text).toMatch(content);
  });

  it.each(ADDRESSES)('GET %s has a strong ETag and answers 304 to If-None-Match', async (path) => {
    const first = await getDocument(emulator.current, path);
    const etag = first.response.headers.get('etag') as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await getDocument(emulator.current, path);
    expect(again.response.headers.get('etag')).toBe(etag);
    const revalidated = await getDocument(emulator.current, path, { 'If-None-Match': `"other", ${etag}` });
    expect(revalidated.response.status).toBe(304);
    expect(revalidated.text).toBe('');
    expect(revalidated.response.headers.get('etag')).toBe(etag);
    const stale = await getDocument(emulator.current, path, { 'If-None-Match': '"stale"' });
    expect(stale.response.status).toBe(200);
  });

  it('lets documents be cached for five minutes, but not the status', async () => {
    for (const [path] of ADDRESSES) {
      const { response } = await getDocument(emulator.current, path);
      expect(response.headers.get('cache-control'), path).toBe(
        path === '/status' ? 'no-cache' : 'public, max-age=300',
      );
    }
  });

  it('answers application/openapi+json to a client that asks for it', async () => {
    for (const path of ['/openapi.json', '/agents-openapi.json']) {
      const plain = await getDocument(emulator.current, path);
      const asked = await getDocument(emulator.current, path, { Accept: 'application/openapi+json' });
      expect(asked.response.headers.get('content-type')).toBe('application/openapi+json');
      expect(asked.response.headers.get('vary')).toBe('Accept');
      expect(asked.text).toBe(plain.text);
      // A different representation gets a different strong validator.
      expect(asked.response.headers.get('etag')).not.toBe(plain.response.headers.get('etag'));
    }
  });

  it('builds documents on the origin the client used', async () => {
    const other = await emulator.current.fetch(new Request('http://docs.example.test/openapi.json'));
    const document = (await other.json()) as { servers: Array<{ url: string }> };
    expect(document.servers[0]?.url).toBe('http://docs.example.test');
    const local = await getDocument(emulator.current, '/openapi.json');
    expect(other.headers.get('etag')).not.toBe(local.response.headers.get('etag'));
    const catalog = await emulator.current.fetch(
      new Request('http://docs.example.test/.well-known/api-catalog'),
    );
    expect(await catalog.text()).not.toContain(emulator.current.url);
  });
});
