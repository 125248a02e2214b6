import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { APP_VERSION } from '../version.ts';

type RouteShape = Pick<RouteOptions, 'method' | 'url' | 'schema'>;

/**
 * The OpenAPI document, built when first asked for. The routes are noted as they are
 * registered; @fastify/swagger, its YAML parser and the zod-to-JSON-Schema pass load
 * only then, on a copy of the routes with empty handlers: a house that never reads
 * its API document does not carry them in memory.
 */
export function openApiDocument(app: FastifyInstance): () => Promise<unknown> {
  const routes: RouteShape[] = [];
  app.addHook('onRoute', ({ method, url, schema }) => {
    // Fastify adds a HEAD beside every GET; the copy adds its own.
    if (method !== 'HEAD') routes.push({ method: method as HTTPMethods | HTTPMethods[], url, schema });
  });
  let document: Promise<unknown> | undefined;
  return () =>
    (document ??= buildDocument(routes).catch((error: unknown) => {
      // A failed build is tried again on the next request, not kept.
      document = undefined;
      throw error;
    }));
}

async function buildDocument(routes: readonly RouteShape[]): Promise<unknown> {
  const [{ default: Fastify }, { default: swagger }] = await Promise.all([import('fastify'), import('@fastify/swagger')]);
  const copy = Fastify();
  copy.setValidatorCompiler(() => () => true);
  copy.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await copy.register(swagger, {
    openapi: {
      info: { title: 'Rustico API', version: APP_VERSION, description: 'The API of a self-hosted Rustico house.' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'rustico_session' } } },
    },
    transform: jsonSchemaTransform,
  });
  for (const route of routes) copy.route({ ...route, handler: async () => null });
  await copy.ready();
  try {
    return copy.swagger();
  } finally {
    await copy.close();
  }
}
