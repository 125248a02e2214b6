import { loginRequestSchema, sessionResponseSchema } from '@rustico/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../http/schemas.ts';
import { SESSION_COOKIE, requireUser } from '../http/guards.ts';
import { clearSessionCookie, sessionClientOf, setSessionCookie } from './session-hooks.ts';
import { endSession, login } from './service.ts';

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/session',
      {
        schema: {
          tags: ['auth'],
          summary: 'The logged-in user',
          response: { 200: sessionResponseSchema, ...errorResponses(401) },
        },
      },
      async (request) => ({ user: requireUser(request) }),
    );

    app.post(
      '/session',
      {
        schema: {
          tags: ['auth'],
          summary: 'Log in with email and password',
          body: loginRequestSchema,
          response: { 200: sessionResponseSchema, ...errorResponses(400, 401, 429) },
        },
      },
      async (request, reply) => {
        const session = await login(ctx, {
          email: request.body.email,
          password: request.body.password,
          address: request.ip,
          ...sessionClientOf(request),
        });
        // A new login always gets a new session: the old one ends, but only once this one succeeded.
        const previous = request.cookies[SESSION_COOKIE];
        if (previous) await endSession(ctx, previous);
        setSessionCookie(reply, session.token, session.expiresAt);
        return { user: session.user };
      },
    );

    app.delete(
      '/session',
      { schema: { tags: ['auth'], summary: 'Log out', response: { 204: z.null() } } },
      async (request, reply) => {
        const token = request.cookies[SESSION_COOKIE];
        if (token) await endSession(ctx, token);
        clearSessionCookie(reply);
        return reply.status(204).send(null);
      },
    );
  };
}
