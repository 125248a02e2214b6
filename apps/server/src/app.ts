import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authRoutes } from './auth/routes.ts';
import { bookingRoutes } from './bookings/routes.ts';
import { eventRoutes } from './events/routes.ts';
import { historyRoutes } from './history/routes.ts';
import { upkeepRoutes } from './upkeep/routes.ts';
import { holdRoutes } from './holds/routes.ts';
import { houseRoutes } from './house/routes.ts';
import { noteRoutes } from './notes/routes.ts';
import { stayRoutes } from './stays/routes.ts';
import { weatherRoutes } from './weather/routes.ts';
import { contentRoutes } from './content/routes.ts';
import { profileRoutes } from './profile/routes.ts';
import { pushRoutes } from './push/routes.ts';
import { liveSessions, sessionIdOf } from './auth/service.ts';
import { registerSessionResolution, sessionMemberOf } from './auth/session-hooks.ts';
import type { AppContext } from './context.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerIdempotency } from './idempotency/hooks.ts';
import { registerSameOriginWrites } from './http/same-origin.ts';
import { registerUrlGuard } from './http/url-guard.ts';
import { registerJsonDepthLimit } from './http/json-depth.ts';
import { openApiDocument } from './http/openapi.ts';
import { registerHsts, registerWriteLimit } from './http/write-limit.ts';
import { OneLinePerRequest } from './http/request-log.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { validatorCompiler } from './http/schemas.ts';
import { serializerCompiler } from './http/serializer.ts';
import { registerWebApp } from './http/web-app.ts';
import { setupRoutes } from './setup/routes.ts';
import { userRoutes } from './users/routes.ts';
import { adminRoutes } from './admin/routes.ts';
import { feedRoutes } from './feeds/routes.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { passwordLinkRoutes } from './password-links/routes.ts';
import { passkeyRoutes } from './passkeys/routes.ts';
import { expenseRoutes } from './expenses/routes.ts';
import { accountRoutes } from './accounts/routes.ts';
import { fairnessRoutes } from './fairness/routes.ts';
import { noticeRoutes } from './notices/routes.ts';
import { reminderRoutes } from './reminders/routes.ts';
import { peakRoutes } from './peaks/routes.ts';
import { requestRoutes } from './requests/routes.ts';
import { turnRoutes } from './turns/routes.ts';
import { waitlistRoutes } from './waitlist/routes.ts';
import { swapRoutes } from './swaps/routes.ts';
import { APP_VERSION } from './version.ts';
import { prepared } from './db/prepared.ts';
import { databaseBytes, isPostgres } from './db/database.ts';
import { registerMetrics } from './metrics/routes.ts';
import { backupRoutes } from './backups/routes.ts';
import { lastBackupAgeSeconds } from './backups/service.ts';

export interface BuildAppOptions {
  /** Serve the built web app as well (off in API tests). */
  serveWeb?: boolean;
}

/** JSON bodies are small; photos (a later route) get their own limit. */
const JSON_BODY_LIMIT = 64 * 1024;

/**
 * A hop count becomes a function: Fastify takes a bare number as "trust nobody". With
 * hops, the server must be reachable only through its proxies (the operations guide says so).
 */
function trustedProxies(setting: number | string) {
  if (typeof setting === 'string') return setting;
  return setting === 0 ? false : (_address: string, hop: number) => hop < setting;
}

const databaseAnswers = prepared((db) => db.selectFrom('settings').select('key').limit(1));

export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log,
    trustProxy: trustedProxies(ctx.config.trustProxy),
    bodyLimit: JSON_BODY_LIMIT,
    logController: new OneLinePerRequest(),
  }).withTypeProvider<ZodTypeProvider>();

  // Writes carry JSON (or, for photos, the image itself); plain text is refused with 415.
  app.removeContentTypeParser('text/plain');
  registerJsonDepthLimit(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const openApi = openApiDocument(app);
  await app.register(cookie);
  registerSecurityHeaders(app);
  registerUrlGuard(app);
  registerSameOriginWrites(app);
  registerSessionResolution(app, ctx);
  registerWriteLimit(app, ctx);
  registerHsts(app);
  registerIdempotency(app, ctx);
  await registerMetrics(app, ctx, [
    { name: 'rustico_live_streams', help: 'Live-event streams (/api/events) open on this process', read: () => ctx.hub.subscriberCount },
    { name: 'rustico_database_bytes', help: "The database's size in bytes (SQLite's pages, or PostgreSQL's pg_database_size)", read: () => databaseBytes(ctx.db) },
    // SQLite only: on PostgreSQL the database's own tools back it up.
    ...(isPostgres(ctx.db) ? [] : [{ name: 'rustico_backup_age_seconds', help: 'Seconds since the last good daily backup ended (+Inf: none yet)', read: () => lastBackupAgeSeconds(ctx) }]),
  ]);

  await app.register(
    async (api) => {
      api.get(
        '/health',
        {
          schema: { tags: ['system'], summary: 'Liveness and database check', response: { 200: z.object({ status: z.literal('ok'), version: z.string() }) } },
          // A probe: no session lookup, and a browser's cookie on it neither slides nor ends a session.
          config: { withoutSession: true },
        },
        async () => {
          await databaseAnswers(ctx.db);
          return { status: 'ok' as const, version: APP_VERSION };
        },
      );
      api.get('/openapi.json', { schema: { hide: true } }, openApi);
      await api.register(authRoutes(ctx));
      await api.register(setupRoutes(ctx));
      await api.register(userRoutes(ctx));
      await api.register(bookingRoutes(ctx));
      await api.register(eventRoutes(ctx, { idOf: sessionIdOf, live: (ids) => liveSessions(ctx, ids) }));
      await api.register(houseRoutes(ctx));
      await api.register(stayRoutes(ctx));
      await api.register(noteRoutes(ctx));
      await api.register(weatherRoutes(ctx));
      await api.register(contentRoutes(ctx));
      await api.register(profileRoutes(ctx));
      await api.register(pushRoutes(ctx));
      await api.register(adminRoutes(ctx));
      await api.register(feedRoutes(ctx));
      await api.register(notificationRoutes(ctx));
      await api.register(passwordLinkRoutes(ctx));
      await api.register(passkeyRoutes(ctx));
      await api.register(expenseRoutes(ctx));
      await api.register(accountRoutes(ctx));
      await api.register(peakRoutes(ctx));
      await api.register(requestRoutes(ctx));
      await api.register(turnRoutes(ctx));
      await api.register(waitlistRoutes(ctx));
      await api.register(fairnessRoutes(ctx));
      await api.register(noticeRoutes(ctx));
      await api.register(reminderRoutes(ctx));
      await api.register(historyRoutes(ctx));
      await api.register(backupRoutes(ctx));
      await api.register(upkeepRoutes(ctx));
      await api.register(holdRoutes(ctx));
      await api.register(swapRoutes(ctx));
    },
    { prefix: '/api' },
  );

  const servingWeb =
    options.serveWeb &&
    (await registerWebApp(
      app,
      ctx.config.webDistDir,
      {
        houseName: ctx.config.houseName,
        emailDomain: ctx.config.emailDomain,
        houseTimeZone: ctx.config.houseTimeZone,
        version: APP_VERSION,
        mailEnabled: ctx.config.mail !== null,
        passkeyOrigin: ctx.config.relyingParty?.origin ?? null,
      },
      { member: sessionMemberOf(ctx), now: () => ctx.now() },
    ));
  if (!servingWeb) {
    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No route ${request.method} ${request.url}` } }),
    );
  }
  return app;
}
