import { pushPublicKeySchema, pushSubscriptionSchema, pushUnsubscribeSchema } from '@rustico/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { requireUser } from '../http/guards.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../http/schemas.ts';
import { assertPublicEndpoint } from './endpoint.ts';
import { deleteSubscription, upsertSubscription } from './repository.ts';

export function pushRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/push/public-key',
      {
        schema: {
          tags: ['push'],
          summary: "The server's VAPID public key, for PushManager.subscribe()",
          response: { 200: pushPublicKeySchema, ...errorResponses(401) },
        },
      },
      async (request) => {
        requireUser(request);
        return { publicKey: ctx.push.vapid.publicKey };
      },
    );

    app.post(
      '/push/subscriptions',
      {
        schema: {
          tags: ['push'],
          summary: "Store this device's push subscription for me (public HTTPS push services only)",
          body: pushSubscriptionSchema,
          response: { 204: z.null(), ...errorResponses(400, 401) },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        await assertPublicEndpoint(request.body.endpoint, ctx.config.pushAllowLoopback);
        await upsertSubscription(ctx.db, {
          id: randomUUID(),
          userId: user.id,
          endpoint: request.body.endpoint,
          p256dh: request.body.keys.p256dh,
          auth: request.body.keys.auth,
          userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
          createdAt: ctx.now().toISOString(),
        });
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/push/subscriptions/remove',
      {
        schema: {
          tags: ['push'],
          summary: "Forget this device's push subscription (only my own)",
          body: pushUnsubscribeSchema,
          response: { 204: z.null(), ...errorResponses(400, 401) },
        },
      },
      async (request, reply) => {
        await deleteSubscription(ctx.db, requireUser(request).id, request.body.endpoint);
        return reply.status(204).send(null);
      },
    );
  };
}
