/**
 * A publisher of discovery documents whose contents a test changes between runs, and which
 * answers the API calls a session makes after discovery (a login gets a token, anything else a
 * bare success). It records every request, so it can play the attacker origin a lying document
 * points at: whatever reaches it is what a client would have handed a stranger.
 * @module
 */
import { createServer } from 'node:http';
import { listenOnLoopback, type ReceivedRequest, receive } from '../../support/loopback-server.js';

export type { ReceivedRequest };

export interface HostedDocument {
  readonly body: string;
  /** @default 'application/json' */
  readonly type?: string;
  /** @default 200 */
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** Real milliseconds before answering. */
  readonly delayMs?: number;
}

export interface DocumentHost {
  readonly url: string;
  /** Documents by path (with the query, when it matters: `/models-feed?page=2&per_page=25`). */
  publish(documents: ReadonlyMap<string, HostedDocument>): void;
  /** Requests received since the last take. */
  take(): ReceivedRequest[];
  close(): Promise<void>;
}

/** What the host answers to an API call: a token for a login or a claim, a bare success otherwise. */
export interface ApiAnswers {
  readonly token: string;
}

/** The scopes a login asked for (`scopes` of its JSON body); every scope when it names none. */
function askedScopes(body: string): readonly string[] {
  try {
    const scopes = (JSON.parse(body) as { scopes?: unknown }).scopes;
    return Array.isArray(scopes) && scopes.every((scope) => typeof scope === 'string') ? scopes : ['*'];
  } catch {
    return ['*'];
  }
}

function apiAnswer(path: string, body: string, answers: ApiAnswers): { status: number; body: string } {
  if (/\/auth\/(login|verify-email|refresh|switch-account)$/.test(path)) {
    return {
      status: 200,
      body: JSON.stringify({
        data: {
          access_token: answers.token,
          token_type: 'Bearer',
          expires_at: '2999-01-01T00:00:00Z',
          token_expiry: '3_months',
          // What was asked, as the service grants it; a claim (verify-email) asks none: every scope.
          scopes: askedScopes(body),
          api_key: null,
          user: { email: 'agent@example.test' },
        },
        meta: { request_id: 'host' },
      }),
    };
  }
  if (/\/auth\/signup$/.test(path))
    return { status: 201, body: JSON.stringify({ data: { status: 'pending' } }) };
  return {
    status: 200,
    body: JSON.stringify({
      status: 'success',
      id: 1,
      output: [],
      data: { balance: 1 },
      meta: { request_id: 'host' },
    }),
  };
}

export async function startDocumentHost(answers: ApiAnswers): Promise<DocumentHost> {
  let documents: ReadonlyMap<string, HostedDocument> = new Map();
  let received: ReceivedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((request, response) => {
    receive(request, (got) => {
      const url = got.url;
      received.push(got);
      const path = new URL(url, 'http://host').pathname;
      const document = documents.get(url) ?? documents.get(path);
      const answer = () => {
        if (response.destroyed) return;
        if (document) {
          response.writeHead(document.status ?? 200, {
            'Content-Type': document.type ?? 'application/json',
            ...document.headers,
          });
          response.end(document.body);
        } else if (path.startsWith('/api/')) {
          const api = apiAnswer(path, got.body, answers);
          response.writeHead(api.status, { 'Content-Type': 'application/json' }).end(api.body);
        } else {
          response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
        }
      };
      if (document?.delayMs) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          answer();
        }, document.delayMs);
        timers.add(timer);
      } else answer();
    });
  });
  const listening = await listenOnLoopback(server, () => {
    for (const timer of timers) clearTimeout(timer);
  });
  return {
    ...listening,
    publish(next) {
      documents = next;
    },
    take() {
      const taken = received;
      received = [];
      return taken;
    },
  };
}
