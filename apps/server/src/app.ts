import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authRoutes } from './auth/routes.ts';
import { bookingRoutes } from './bookings/routes.ts';
import { eventRoutes } from './events/routes.ts';
import { houseRoutes } from './house/routes.ts';
import { noteRoutes } from './notes/routes.ts';
import { stayRoutes } from './stays/routes.ts';
import { weatherRoutes } from './weather/routes.ts';
import { contentRoutes } from './content/routes.ts';
import { profileRoutes } from './profile/routes.ts';
import { pushRoutes } from './push/routes.ts';
import { registerSessionResolution } from './auth/guards.ts';
import type { AppContext } from './context.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerSameOriginWrites } from './http/same-origin.ts';
import { registerWebApp } from './http/web-app.ts';
import { setupRoutes } from './setup/routes.ts';
import { userRoutes } from './users/routes.ts';
import { adminRoutes } from './admin/routes.ts';
import { feedRoutes } from './feeds/routes.ts';
import { APP_VERSION } from './version.ts';

export interface BuildAppOptions {
  /** Serve the built web app as well (off in API tests). */
  serveWeb?: boolean;
}

/** JSON bodies are small; photos (a later route) get their own limit. */
const JSON_BODY_LIMIT = 64 * 1024;

export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log,
    trustProxy: ctx.config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
  }).withTypeProvider<ZodTypeProvider>();

  // Writes carry JSON (or, for photos, the image itself); plain text is refused with 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Rustico API', version: APP_VERSION, description: 'The API of a self-hosted Rustico house.' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'rustico_session' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(cookie);
  await app.register(helmet, {
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
    // Only meaningful over HTTPS, where a reverse proxy sets it for the whole site.
    strictTransportSecurity: false,
  });
  registerSameOriginWrites(app);
  registerSessionResolution(app, ctx);

  await app.register(
    async (api) => {
      api.get(
        '/health',
        { schema: { tags: ['system'], summary: 'Liveness and database check', response: { 200: z.object({ status: z.literal('ok'), version: z.string() }) } } },
        async () => {
          await ctx.db.selectFrom('settings').select('key').limit(1).execute();
          return { status: 'ok' as const, version: APP_VERSION };
        },
      );
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await api.register(authRoutes(ctx));
      await api.register(setupRoutes(ctx));
      await api.register(userRoutes(ctx));
      await api.register(bookingRoutes(ctx));
      await api.register(eventRoutes(ctx));
      await api.register(houseRoutes(ctx));
      await api.register(stayRoutes(ctx));
      await api.register(noteRoutes(ctx));
      await api.register(weatherRoutes(ctx));
      await api.register(contentRoutes(ctx));
      await api.register(profileRoutes(ctx));
      await api.register(pushRoutes(ctx));
      await api.register(adminRoutes(ctx));
      await api.register(feedRoutes(ctx));
    },
    { prefix: '/api' },
  );

  const servingWeb =
    options.serveWeb &&
    (await registerWebApp(app, ctx.config.webDistDir, {
      houseName: ctx.config.houseName,
      emailDomain: ctx.config.emailDomain,
      houseTimeZone: ctx.config.houseTimeZone,
      version: APP_VERSION,
    }));
  if (!servingWeb) {
    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No route ${request.method} ${request.url}` } }),
    );
  }
  return app;
}
