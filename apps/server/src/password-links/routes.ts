import { forgotPasswordRequestSchema, passwordLinkRequestSchema, passwordLinkStatusSchema } from '@rustico/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { browserLanguage } from '../http/reader-language.ts';
import { errorResponses } from '../http/schemas.ts';
import { passwordLinkStatus, requestPasswordReset, usePasswordLink } from './service.ts';

/** "Password dimenticata?" and the links (reset or invitation) to choose a password. */
export function passwordLinkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/password-reset',
      {
        schema: {
          tags: ['auth'],
          summary: 'Email a one-hour link to choose a new password; the same answer whether the address is known or not',
          body: forgotPasswordRequestSchema,
          response: { 202: z.null(), ...errorResponses(400, 409, 429) },
        },
      },
      async (request, reply) => {
        await requestPasswordReset(ctx, { email: request.body.email, address: request.ip, browserLanguage: browserLanguage(request) });
        return reply.status(202).send(null);
      },
    );

    app.get(
      '/password-links/:token',
      {
        schema: {
          tags: ['auth'],
          summary: 'Whether a password link can still be used, and whose it is',
          params: z.object({ token: z.string().min(1).max(200) }),
          response: { 200: passwordLinkStatusSchema },
        },
      },
      async (request) => passwordLinkStatus(ctx, request.params.token),
    );

    app.post(
      '/password-links',
      {
        schema: {
          tags: ['auth'],
          summary: "Choose a password with a link (once); the member's sessions end",
          body: passwordLinkRequestSchema,
          response: { 204: z.null(), ...errorResponses(400, 410) },
        },
      },
      async (request, reply) => {
        await usePasswordLink(ctx, request.body.token, request.body.password);
        return reply.status(204).send(null);
      },
    );
  };
}
