/**
 * A seat-licence shop of our own, on loopback: buying seats and credential packs the way billing
 * APIs publish them, with the payment method's id first in the body and the amounts deep in a
 * long list of fields. It answers every purchase with 200 and records it, so a test sees whether a
 * confirmation let anything through.
 * @module
 */
import { createServer } from 'node:http';
import {
  type LoopbackServer,
  listenOnLoopback,
  type ReceivedRequest,
  receive,
} from '../../support/loopback-server.js';

/** The bearer token the shop accepts. */
export const SHOP_TOKEN = 'tok-seat-shop-0123456789abcdef';

const text = { type: 'string' } as const;

/** The shop's document: a purchase that moves money by its scope; an API key and a token written by theirs. */
export function seatShopDocument(origin: string): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: { title: 'Seat shop', version: '2' },
    servers: [{ url: origin }],
    paths: {
      '/v2/seats/purchase': {
        post: {
          operationId: 'buySeats',
          summary: 'Buy seats',
          'x-required-scope': 'billing:write',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  // The order the shop documents, which is also the order a client tends to send.
                  properties: {
                    payment_method_id: text,
                    customer_reference: text,
                    purchase_order: text,
                    billing_contact: text,
                    division: text,
                    department: text,
                    notes: text,
                    coupon_code: text,
                    seats: { type: 'integer' },
                    unit_price: { type: 'string' },
                    currency: text,
                    plan: text,
                  },
                },
              },
            },
          },
          responses: { 200: { description: 'Bought.' } },
        },
      },
      '/v2/service-keys': {
        post: {
          operationId: 'issueServiceKey',
          summary: 'Issue a service key',
          'x-required-scope': 'api-keys:write',
          requestBody: {
            content: { 'application/json': { schema: { type: 'object', properties: { label: text } } } },
          },
          responses: { 200: { description: 'Issued.' } },
        },
      },
      '/v2/session-tokens/rotate': {
        post: {
          operationId: 'rotateSessionToken',
          summary: 'Rotate the session token',
          'x-required-scope': 'tokens:write',
          responses: { 200: { description: 'Rotated.' } },
        },
      },
    },
  };
}

export interface SeatShop extends LoopbackServer {
  /** Every request to an operation (`/v2/...`), as `METHOD /path`. */
  purchases(): string[];
}

/** Starts the shop on a free loopback port. */
export async function startSeatShop(): Promise<SeatShop> {
  const requests: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    receive(request, (received) => {
      const path = new URL(received.url, 'http://x').pathname;
      // Discovery's other probes (catalogue, OAuth metadata, feeds) find nothing here.
      if (!path.startsWith('/v2/') && path !== '/openapi.json') {
        response.writeHead(404).end();
        return;
      }
      if (path === '/openapi.json') {
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(seatShopDocument(`http://${received.headers.host}`)));
        return;
      }
      if (path.startsWith('/v2/')) requests.push(received);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  const listening = await listenOnLoopback(server);
  return {
    ...listening,
    purchases: () =>
      requests.map((request) => `${request.method} ${new URL(request.url, 'http://x').pathname}`),
  };
}
