import { sessionResponseSchema, setupRequestSchema, setupStatusSchema } from '@rustico/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionClientOf, setSessionCookie } from '../auth/session-hooks.ts';
import { createSession } from '../auth/service.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../http/schemas.ts';
import { toSessionUser } from '../users/service.ts';
import { completeSetup, isSetupTokenValid } from './service.ts';

export function setupRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/setup/:token',
      {
        schema: {
          tags: ['setup'],
          summary: 'Whether a first-run setup link can still be used',
          params: z.object({ token: z.string().min(1).max(200) }),
          response: { 200: setupStatusSchema },
        },
      },
      async (request) => ({ available: await isSetupTokenValid(ctx, request.params.token) }),
    );

    app.post(
      '/setup',
      {
        schema: {
          tags: ['setup'],
          summary: 'Create the first administrator with the one-time setup link',
          body: setupRequestSchema,
          response: { 201: sessionResponseSchema, ...errorResponses(400, 409, 410) },
        },
      },
      async (request, reply) => {
        const user = await completeSetup(ctx, request.body);
        const session = await createSession(ctx, user.id, sessionClientOf(request));
        setSessionCookie(reply, session.token, session.expiresAt);
        return reply.status(201).send({ user: toSessionUser(user) });
      },
    );
  };
}
