import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers on every response. helmet is built once here: @fastify/helmet
 * rebuilt it (and re-parsed the CSP) on every request, a tenth of a health check.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const applyHeaders = helmet({
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
  });
  app.addHook('onRequest', (request, reply, done) => applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)));
}
