import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

type Header = readonly [name: string, value: string];

/**
 * What helmet sends for our pages and assets: worked out once at start (the headers never
 * change between requests), where running helmet on every request cost a tenth of a request.
 */
function documentHeaders(): Header[] {
  const headers: Header[] = [];
  const response = { setHeader: (name: string, value: unknown) => headers.push([name, String(value)]), removeHeader: () => undefined };
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Accessible primitives set a few inline styles (scroll locking); scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Sent by registerHsts (http/write-limit.ts), only on requests that came over HTTPS.
    strictTransportSecurity: false,
  })({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * The API's answers (JSON, stored photos and receipts, feeds) are never pages: they get the
 * headers OWASP's REST Security Cheat Sheet keeps for APIs. Nothing in them may run, frame
 * them, be sniffed as another type, or be read by other sites.
 */
const API_HEADERS: readonly Header[] = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Referrer-Policy', 'no-referrer'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
];

/** Security headers on every response: the API's set under /api, helmet's for the web app. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const pages = documentHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of request.url.startsWith('/api/') ? API_HEADERS : pages) reply.raw.setHeader(name, value);
    done();
  });
}
