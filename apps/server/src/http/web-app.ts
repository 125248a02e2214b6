import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { PublicConfig } from '@rustico/core';
import type { FastifyInstance, FastifyReply } from 'fastify';

const CONFIG_META = /<meta name="rustico-config" content="[^"]*"\s*\/?>/;

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** index.html with the public settings in a meta tag: no inline script, no extra request. */
export function renderIndexHtml(template: string, config: PublicConfig): string {
  const meta = `<meta name="rustico-config" content="${escapeAttribute(JSON.stringify(config))}">`;
  return template.replace(CONFIG_META, meta);
}

/**
 * Serves the built web app: hashed assets cached for a year, the shell and the
 * service worker always revalidated, and index.html for every app route so the
 * client router can take over (unknown /api paths stay JSON 404s).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string, config: PublicConfig): Promise<boolean> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return false;
  const indexHtml = renderIndexHtml(fs.readFileSync(indexFile, 'utf8'), config);

  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    // index.html is only ever sent with the settings filled in (below).
    allowedPath: (pathName) => pathName !== '/index.html',
    preCompressed: true,
    setHeaders(reply, filePath) {
      const relative = path.relative(distDir, filePath);
      reply.header(
        'cache-control',
        relative.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });

  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No route ${request.method} ${request.url}` } });
    }
    return sendIndex(reply);
  });
  return true;
}
