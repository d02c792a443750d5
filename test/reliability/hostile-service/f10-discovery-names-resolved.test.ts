/**
 * Issue 22, finding 10, by name rather than by spelling: a hostile service reached at a public base
 * URL publishes a catalogue whose links name hosts that look public (`internal.example`) but
 * resolve to loopback, private or link-local addresses. Discovery resolves each host other than
 * the base URL's before reading it and refuses such a name with the same warning as an address
 * literal; the internal server receives nothing. A name resolving to a public address is read.
 * When the base URL itself resolves to a private address, the links are the caller's network and
 * are read. Over the toolkit's own wire the connection goes only to the address that was checked:
 * a second DNS answer (rebinding) is checked again where the connection is made.
 *
 * No real DNS: names are resolved by the test's `resolveHost`; traffic stays on loopback (the
 * test's `fetch` routes every host to one of its two servers, recording the host asked for).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTargetGuard } from '../../../src/discovery/target-guard.js';
import { createFetchTransport } from '../../../src/http/index.js';
import { refusedAddressIn } from '../../../src/http/pinned-fetch.js';
import { discover } from '../../../src/index.js';
import { type LoopbackServer, listenOnLoopback } from '../../support/loopback-server.js';

const PUBLIC_ADDRESS = '93.184.216.34';

function openApi(title: string, operationId: string): string {
  return JSON.stringify({
    openapi: '3.1.0',
    info: { title, version: '1' },
    paths: { [`/${operationId}`]: { get: { operationId, responses: { '200': { description: 'ok' } } } } },
  });
}

let service: LoopbackServer;
let internal: LoopbackServer;
/** What the internal server received: it must stay empty whenever the base URL is public. */
const internalRequests: string[] = [];
/** Hosts discovery asked for, as its URLs named them. */
const askedHosts: string[] = [];

/** Names the catalogue links to, and what the test's resolver answers for each. */
const NAMES: Record<string, readonly string[]> = {
  'api.hostile-names.example': [PUBLIC_ADDRESS],
  'api.intranet.example': ['10.1.2.3'],
  'internal.example': ['127.0.0.1'],
  'metadata.example': ['169.254.169.254'],
  'office.example': ['192.168.7.7'],
  'v6-link-local.example': ['fe80::1'],
  'mapped.example': ['::ffff:127.0.0.1'],
  // One address inside is enough to refuse: the connection could be made to it.
  'mixed.example': [PUBLIC_ADDRESS, '10.0.0.1'],
  'docs.public-names.example': [PUBLIC_ADDRESS],
};
const resolvedNames: string[] = [];
const resolveHost = async (hostname: string): Promise<readonly string[]> => {
  resolvedNames.push(hostname);
  const found = NAMES[hostname];
  if (!found) throw Object.assign(new Error(`${hostname} does not resolve`), { code: 'ENOTFOUND' });
  return found;
};

const INTERNAL_NAMES = [
  'internal.example',
  'metadata.example',
  'office.example',
  'v6-link-local.example',
  'mapped.example',
  'mixed.example',
];

function catalogue(): string {
  const port = new URL(internal.url).port;
  const entry = (href: string) => ({ anchor: href, 'service-desc': [{ href }] });
  return JSON.stringify({
    linkset: [
      ...INTERNAL_NAMES.map((name) => entry(`http://${name}:${port}/openapi.json`)),
      entry('https://docs.public-names.example/openapi.json'),
      // A public name that redirects to an internal one: each hop is checked.
      entry('https://docs.public-names.example/moved.json'),
      {
        anchor: 'nested',
        'api-catalog': [{ href: `http://metadata.example:${port}/.well-known/api-catalog` }],
      },
    ],
  });
}

function serveService(request: IncomingMessage, response: ServerResponse): void {
  const path = new URL(request.url ?? '/', 'http://x').pathname;
  if (path === '/.well-known/api-catalog')
    response.writeHead(200, { 'content-type': 'application/linkset+json' }).end(catalogue());
  else if (path === '/moved.json')
    response
      .writeHead(302, { location: `http://internal.example:${new URL(internal.url).port}/moved.json` })
      .end();
  else if (path === '/openapi.json')
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(openApi('Public docs', 'list_public'));
  else response.writeHead(404).end();
}

/** Every host named `*.example` with the internal server's port goes there; the rest to the service. */
const routingFetch: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  askedHosts.push(url.hostname);
  const target = url.port === new URL(internal.url).port ? internal.url : service.url;
  return fetch(`${target}${url.pathname}${url.search}`, { ...init, redirect: 'manual' });
};

beforeAll(async () => {
  service = await listenOnLoopback(createServer(serveService));
  internal = await listenOnLoopback(
    createServer((request, response) => {
      internalRequests.push(`${request.method} ${request.url}`);
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(openApi('Internal', 'list_internal'));
    }),
  );
});
afterAll(async () => {
  await service?.close();
  await internal?.close();
});

function reset(): void {
  internalRequests.length = 0;
  askedHosts.length = 0;
  resolvedNames.length = 0;
}

describe('catalogue links to names that resolve to internal addresses, from a public base URL', () => {
  it('are refused with the reason, and the internal server receives nothing', async () => {
    reset();
    const description = await discover('https://api.hostile-names.example', {
      models: false,
      fetch: routingFetch,
      resolveHost,
      requiredSurfaces: [],
    });
    expect(internalRequests).toEqual([]);
    expect(askedHosts.filter((host) => INTERNAL_NAMES.includes(host))).toEqual([]);
    const refusals = description.warnings.filter((warning) => /not a public address/.test(warning.message));
    for (const name of INTERNAL_NAMES)
      expect(
        refusals.some((warning) => warning.document.includes(name)),
        `${name} refused`,
      ).toBe(true);
    expect(refusals.some((warning) => warning.document.endsWith('/moved.json'))).toBe(true);
    expect(refusals.find((warning) => warning.document.includes('metadata.example'))?.message).toMatch(
      /resolves to 169\.254\.169\.254/,
    );
    // A name that resolves to a public address is read.
    expect(askedHosts).toContain('docs.public-names.example');
    expect(description.operations.map((operation) => operation.id)).toEqual(['list_public']);
  });

  it('fail discovery with the same typed error when every surface is required', async () => {
    reset();
    const failure = await discover('https://api.hostile-names.example', {
      models: false,
      fetch: routingFetch,
      resolveHost,
    }).catch((error: unknown) => error);
    expect((failure as Error).name).toBe('DiscoveryDocumentError');
    expect(String(failure)).toMatch(/not a public address/);
    expect(internalRequests).toEqual([]);
  });

  it('are judged by spelling only over a fetch the caller gave without a resolver: no lookup is made', async () => {
    reset();
    await discover('https://api.hostile-names.example', {
      models: false,
      fetch: routingFetch,
      requiredSurfaces: [],
    });
    expect(resolvedNames).toEqual([]);
  });
});

describe('a base URL whose name resolves to a private address', () => {
  it('is the caller network: its links are read', async () => {
    reset();
    const description = await discover('https://api.intranet.example', {
      models: false,
      fetch: routingFetch,
      resolveHost,
      requiredSurfaces: [],
    });
    expect(internalRequests.length).toBeGreaterThan(0);
    expect(description.operations.map((operation) => operation.id)).toContain('list_internal');
  });
});

describe("over the toolkit's own wire", () => {
  it('connects only to the checked address: a name that answers public, then loopback, is refused', async () => {
    reset();
    let asked = 0;
    // DNS rebinding: the check before the request sees a public address, the connection a loopback one.
    const rebinding = async (hostname: string): Promise<readonly string[]> => {
      if (hostname !== 'rebind.example') return [PUBLIC_ADDRESS];
      asked += 1;
      return asked === 1 ? [PUBLIC_ADDRESS] : ['127.0.0.1'];
    };
    const guard = createTargetGuard({
      base: new URL('https://api.hostile-names.example'),
      transport: createFetchTransport(() => Promise.reject(new Error('the base wire is not used here'))),
      builtIn: true,
      resolve: rebinding,
    });
    try {
      const url = new URL(`http://rebind.example:${new URL(internal.url).port}/openapi.json`);
      expect(await guard.refusal(url)).toBeUndefined();
      const failure = await guard
        .transport({ method: 'GET', url, headers: {}, timeoutMs: 2_000 })
        .catch((error: unknown) => error);
      // The refusal made where the connection was made (fetchDocument turns it into the warning).
      expect(refusedAddressIn(failure)?.message).toMatch(
        /rebind\.example resolves to 127\.0\.0\.1, not a public address/,
      );
      expect(asked).toBe(2);
      expect(internalRequests).toEqual([]);
    } finally {
      await guard.close();
    }
  });
});
