import { createServer } from 'node:http';
import { listenOnLoopback } from './loopback-server.js';

export interface Route {
  readonly body: string | ((origin: string) => string);
  readonly type?: string;
  readonly status?: number;
  /** Real milliseconds to wait before answering. */
  readonly delayMs?: number;
  readonly headers?: Record<string, string>;
}

export interface DocumentServer {
  readonly url: string;
  /** Requests seen, by path. */
  readonly hits: Map<string, number>;
  close(): Promise<void>;
}

/** A small HTTP server that publishes fixed documents: for discovery tests against any publisher. */
export async function serveDocuments(routes: Record<string, Route>): Promise<DocumentServer> {
  const hits = new Map<string, number>();
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routes[path];
    const answer = () => {
      if (!route) {
        response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
        return;
      }
      const origin = `http://${request.headers.host}`;
      const body = typeof route.body === 'function' ? route.body(origin) : route.body;
      response
        .writeHead(route.status ?? 200, {
          'Content-Type': route.type ?? 'application/json',
          ...route.headers,
        })
        .end(body);
    };
    if (route?.delayMs) setTimeout(answer, route.delayMs);
    else answer();
  });
  return { ...(await listenOnLoopback(server)), hits };
}
