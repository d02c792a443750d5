/**
 * The emulator's published documents, and ways for a publisher to lie in them: catalogues that
 * point elsewhere or in circles, OpenAPI documents with cycles, broken references, wrong types and
 * servers on another origin, OAuth metadata naming another issuer or endpoints, a runbook whose
 * steps call another origin, a models feed that never ends, redirects that loop, wrong media
 * types and documents too slow to wait for. Documents are kept with `{{origin}}` where the
 * publisher's origin goes, so the same set can be served by the service or by the attacker.
 * @module
 */
import fc from 'fast-check';
import { startEmulator } from 'generation-agent-toolkit-emulator';
import type { HostedDocument } from './document-host.js';

export const ORIGIN = '{{origin}}';
export const ATTACKER = '{{attacker}}';
/** The attacker's origin without its scheme (`//host:port`): a path to a runbook's reader. */
export const ATTACKER_SCHEMELESS = '{{attacker-schemeless}}';

export type DocumentSet = Map<string, HostedDocument>;

const PATHS = [
  '/.well-known/api-catalog',
  '/openapi.json',
  '/agents-openapi.json',
  '/.well-known/oauth-authorization-server',
  '/.well-known/mcp.json',
  '/.well-known/mcp/server-card.json',
  '/auth.md',
  '/llms.txt',
  '/api-deprecation-policy',
  '/models-feed',
  '/models-feed?page=2&per_page=25',
  '/models-feed?page=3&per_page=25',
];

/** A few operations of each surface: lies are about structure, and a small document reads fast. */
const KEPT_PATHS =
  /^(\/api\/v7\/images\/(text-to-image|fetch\/\{id\})|\/api\/v6\/images\/(text2img|fetch)|\/auth\/(login|logout|refresh|signup|verify-email)|\/api-keys|\/wallet\/(balance|fund)|\/me)$/;

function trimmed(text: string): string {
  const document = JSON.parse(text) as { paths: Record<string, unknown> };
  document.paths = Object.fromEntries(
    Object.entries(document.paths).filter(([path]) => KEPT_PATHS.test(path)),
  );
  return JSON.stringify(document);
}

let baseline: Promise<DocumentSet> | undefined;

/** The emulator's documents with its origin replaced by {@link ORIGIN}, read once per test file. */
export function publishedDocuments(): Promise<DocumentSet> {
  baseline ??= (async () => {
    const emulator = await startEmulator({ clock: 'manual' });
    try {
      const documents: DocumentSet = new Map();
      for (const path of PATHS) {
        const response = await fetch(`${emulator.url}${path}`);
        let body = (await response.text()).replaceAll(emulator.url, ORIGIN);
        if (path.endsWith('openapi.json')) body = trimmed(body);
        const link = response.headers.get('link');
        documents.set(path, {
          body,
          type: response.headers.get('content-type') ?? 'application/json',
          ...(link ? { headers: { Link: link.replaceAll(emulator.url, ORIGIN) } } : {}),
        });
      }
      return documents;
    } finally {
      await emulator.close();
    }
  })();
  return baseline;
}

/** The set with its placeholders filled in, as one origin serves it. */
export function servedBy(documents: DocumentSet, origins: { origin: string; attacker: string }): DocumentSet {
  const fill = (text: string) =>
    text
      .replaceAll(ORIGIN, origins.origin)
      .replaceAll(ATTACKER_SCHEMELESS, origins.attacker.replace(/^https?:/, ''))
      .replaceAll(ATTACKER, origins.attacker);
  return new Map(
    [...documents].map(([path, document]) => [
      path,
      {
        ...document,
        body: fill(document.body),
        ...(document.headers
          ? {
              headers: Object.fromEntries(
                Object.entries(document.headers).map(([name, value]) => [name, fill(value)]),
              ),
            }
          : {}),
      },
    ]),
  );
}

/** One lie: a change to the set, named for the report of a failing run. */
export interface Lie {
  readonly name: string;
  apply(documents: DocumentSet): void;
}

type Json = Record<string, unknown>;

function editJson(documents: DocumentSet, path: string, edit: (document: Json) => unknown): void {
  const current = documents.get(path);
  if (!current) return;
  let document: Json;
  try {
    document = JSON.parse(current.body) as Json;
  } catch {
    return;
  }
  const edited = edit(document) ?? document;
  documents.set(path, { ...current, body: JSON.stringify(edited) });
}

function editText(documents: DocumentSet, path: string, edit: (text: string) => string): void {
  const current = documents.get(path);
  if (current) documents.set(path, { ...current, body: edit(current.body) });
}

function firstRequestSchema(document: Json): Json | undefined {
  for (const item of Object.values((document.paths ?? {}) as Record<string, Json>)) {
    for (const operation of Object.values(item)) {
      const content = ((operation as Json)?.requestBody as Json | undefined)?.content as
        | Record<string, Json>
        | undefined;
      const media = content?.['application/json'];
      if (media?.schema) return media;
    }
  }
  return undefined;
}

const OPENAPI = ['/openapi.json', '/agents-openapi.json'] as const;

/** Every lie a publisher can tell, each as an arbitrary (some take a choice). */
const LIES: readonly fc.Arbitrary<Lie>[] = [
  fc.constantFrom(...OPENAPI).map((path) => ({
    name: `catalogue sends ${path} to the attacker`,
    apply: (documents: DocumentSet) =>
      editText(documents, '/.well-known/api-catalog', (text) =>
        text.replaceAll(`${ORIGIN}${path}`, `${ATTACKER}${path}`),
      ),
  })),
  fc.constant<Lie>({
    name: 'nested catalogues in a circle, and hundreds of entries',
    apply: (documents) =>
      editJson(documents, '/.well-known/api-catalog', (catalog) => {
        const linkset = (catalog.linkset ?? []) as Json[];
        linkset.push({
          anchor: `${ORIGIN}/loop`,
          'api-catalog': [{ href: `${ORIGIN}/.well-known/api-catalog` }],
        });
        for (let index = 0; index < 300; index += 1)
          linkset.push({
            anchor: `${ORIGIN}/x${index}`,
            'service-desc': [{ href: `${ORIGIN}/missing-${index}.json` }],
          });
        (linkset[0] as Json).item = [
          ...(((linkset[0] as Json).item as Json[]) ?? []),
          { href: `${ORIGIN}/.well-known/api-catalog` },
        ];
      }),
  }),
  fc
    .constantFrom(
      '<html>not a catalogue</html>',
      '[]',
      '{"linkset": 5}',
      '{"linkset": [{"anchor": 7, "service-desc": "x"}]}',
      '',
    )
    .map((body) => ({
      name: `catalogue is ${JSON.stringify(body)}`,
      apply: (documents: DocumentSet) =>
        documents.set('/.well-known/api-catalog', { body, type: 'application/linkset+json' }),
    })),
  fc.constantFrom(...OPENAPI).map((path) => ({
    name: `${path} serves the attacker's origin`,
    apply: (documents: DocumentSet) =>
      editJson(documents, path, (document) => {
        document.servers = [{ url: `${ATTACKER}${path === '/agents-openapi.json' ? '/api/agents/v1' : ''}` }];
      }),
  })),
  fc.constantFrom(...OPENAPI).map((path) => ({
    name: `${path} has $ref cycles`,
    apply: (documents: DocumentSet) =>
      editJson(documents, path, (document) => {
        document.components ??= {};
        const components = document.components as Json;
        components.schemas ??= {};
        const schemas = components.schemas as Json;
        schemas.Loop = {
          type: 'object',
          properties: {
            self: { $ref: '#/components/schemas/Loop' },
            other: { $ref: '#/components/schemas/Other' },
          },
        };
        schemas.Other = { type: 'array', items: { $ref: '#/components/schemas/Loop' } };
        const media = firstRequestSchema(document);
        if (media) media.schema = { $ref: '#/components/schemas/Loop' };
      }),
  })),
  fc
    .tuple(
      fc.constantFrom(...OPENAPI),
      fc.constantFrom(
        '#/components/schemas/Nope',
        `${ATTACKER}/schema.json#/x`,
        '#/paths',
        '#',
        'file:///etc/passwd',
      ),
    )
    .map(([path, ref]) => ({
      name: `${path} has a broken $ref ${ref}`,
      apply: (documents: DocumentSet) =>
        editJson(documents, path, (document) => {
          const media = firstRequestSchema(document);
          if (media) media.schema = { $ref: ref };
        }),
    })),
  fc
    .tuple(
      fc.constantFrom(...OPENAPI),
      fc.nat(),
      fc.constantFrom<unknown>([], 'x', 5, null, {}, { type: 7 }, { properties: [] }, { required: 'yes' }),
    )
    .map(([path, pick, value]) => ({
      name: `${path} has a node of the wrong type (${JSON.stringify(value)})`,
      apply: (documents: DocumentSet) =>
        editJson(documents, path, (document) => {
          const paths = document.paths as Record<string, Json>;
          const names = Object.keys(paths);
          const name = names[pick % names.length] as string;
          const methods = Object.keys(paths[name] ?? {});
          switch (pick % 5) {
            case 0:
              document.paths = value;
              break;
            case 1:
              paths[name] = value as Json;
              break;
            case 2:
              (paths[name] as Json)[methods[0] ?? 'post'] = value;
              break;
            case 3:
              ((paths[name] as Json)[methods[0] ?? 'post'] as Json).parameters = value;
              break;
            default: {
              const media = firstRequestSchema(document);
              if (media) media.schema = value;
            }
          }
        }),
    })),
  fc
    .tuple(
      fc.constantFrom(...OPENAPI),
      fc.constantFrom('../../admin', '__proto__', 'constructor', 'x'.repeat(5_000), '', 'dup'),
    )
    .map(([path, id]) => ({
      name: `${path} names operations ${JSON.stringify(id.slice(0, 20))}`,
      apply: (documents: DocumentSet) =>
        editJson(documents, path, (document) => {
          for (const item of Object.values(document.paths as Record<string, Json>))
            for (const operation of Object.values(item))
              if (operation && typeof operation === 'object') (operation as Json).operationId = id;
        }),
    })),
  fc
    .constantFrom('issuer', 'token_endpoint', 'revocation_endpoint', 'registration_endpoint')
    .map((field) => ({
      name: `OAuth metadata names the attacker as ${field}`,
      apply: (documents: DocumentSet) =>
        editJson(documents, '/.well-known/oauth-authorization-server', (metadata) => {
          const current = typeof metadata[field] === 'string' ? (metadata[field] as string) : `${ORIGIN}/x`;
          metadata[field] = current.replace(ORIGIN, ATTACKER);
        }),
    })),
  fc.subarray(['login', 'refresh', 'logout', 'signup', 'verify-email'], { minLength: 1 }).map((steps) => ({
    name: `the runbook's ${steps.join(', ')} steps call the attacker`,
    apply: (documents: DocumentSet) =>
      editText(documents, '/auth.md', (text) =>
        steps.reduce(
          (current, step) =>
            current.replaceAll(
              `/api/agents/v1/auth/${step}\``,
              `${ATTACKER_SCHEMELESS}/api/agents/v1/auth/${step}\``,
            ),
          text,
        ),
      ),
  })),
  fc
    .constantFrom(
      '/auth.md',
      '/openapi.json',
      '/agents-openapi.json',
      '/.well-known/oauth-authorization-server',
    )
    .map((path) => ({
      name: `${path} redirects to the attacker, who serves it`,
      apply: (documents: DocumentSet) =>
        documents.set(path, { body: '', status: 302, headers: { Location: `${ATTACKER}${path}` } }),
    })),
  fc.constantFrom('self', 'pair', 'attacker', 'endless').map((shape) => ({
    name: `the models feed loops (${shape})`,
    apply: (documents: DocumentSet) => {
      const first = documents.get('/models-feed');
      if (!first) return;
      const next = (target: string) => ({ ...first, headers: { Link: `<${target}>; rel="next"` } });
      if (shape === 'self') documents.set('/models-feed', next(`${ORIGIN}/models-feed`));
      if (shape === 'pair') {
        documents.set('/models-feed', next(`${ORIGIN}/models-feed?page=2&per_page=25`));
        documents.set('/models-feed?page=2&per_page=25', next(`${ORIGIN}/models-feed`));
      }
      if (shape === 'attacker') documents.set('/models-feed', next(`${ATTACKER}/models-feed`));
      if (shape === 'endless')
        for (let page = 1; page <= 40; page += 1)
          documents.set(
            page === 1 ? '/models-feed' : `/models-feed?page=${page}&per_page=25`,
            next(`${ORIGIN}/models-feed?page=${page + 1}&per_page=25`),
          );
    },
  })),
  fc.constant<Lie>({
    name: 'the MCP manifest points at the attacker',
    apply: (documents) =>
      editText(documents, '/.well-known/mcp.json', (text) => text.replaceAll(ORIGIN, ATTACKER)),
  }),
  fc.constantFrom(...PATHS.slice(0, 7)).map((path) => ({
    name: `${path} redirects in a circle`,
    apply: (documents: DocumentSet) =>
      documents.set(path, { body: '', status: 307, headers: { Location: `${ORIGIN}${path}?again=1` } }),
  })),
  fc
    .tuple(fc.constantFrom(...PATHS.slice(0, 9)), fc.constantFrom('text/html', 'text/plain', 'image/png', ''))
    .map(([path, type]) => ({
      name: `${path} is served as ${type || 'nothing'}`,
      apply: (documents: DocumentSet) => {
        const current = documents.get(path);
        if (current) documents.set(path, { ...current, type });
      },
    })),
  fc.constantFrom(...PATHS.slice(3, 10)).map((path) => ({
    name: `${path} is too slow to wait for`,
    apply: (documents: DocumentSet) => {
      const current = documents.get(path);
      if (current) documents.set(path, { ...current, delayMs: 1_500 });
    },
  })),
];

/** One to three lies at once. */
export function lies(): fc.Arbitrary<readonly Lie[]> {
  return fc.array(fc.oneof(...LIES), { minLength: 1, maxLength: 3 });
}
