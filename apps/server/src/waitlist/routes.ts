import { waitlistEntryResponseSchema, waitlistInputSchema, waitlistSchema } from '@rustico/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../http/guards.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../http/schemas.ts';
import { joinWaitlist, leaveWaitlist, waitlist } from './service.ts';

/** "Tell me when these nights free up." */
export function waitlistRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/waitlist',
      {
        schema: {
          tags: ['fairness'],
          summary: 'My waitlist entries (admins: everyone’s), in the order asked',
          response: { 200: waitlistSchema, ...errorResponses(401) },
        },
      },
      async (request) => ({ entries: await waitlist(ctx, requireUser(request)) }),
    );

    app.post(
      '/waitlist',
      {
        schema: {
          tags: ['fairness'],
          summary: 'Ask to be told when a night of start..end frees up (some must be taken); asking twice returns the first entry',
          body: waitlistInputSchema,
          response: { 200: waitlistEntryResponseSchema, 201: waitlistEntryResponseSchema, ...errorResponses(400, 401, 409) },
        },
      },
      async (request, reply) => {
        const { entry, created } = await joinWaitlist(ctx, requireUser(request), request.body);
        return reply.status(created ? 201 : 200).send({ entry });
      },
    );

    app.delete(
      '/waitlist/:id',
      {
        schema: {
          tags: ['fairness'],
          summary: 'Leave the waitlist (its member or an admin)',
          params: z.object({ id: z.string().min(1).max(100) }),
          response: { 204: z.null(), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await leaveWaitlist(ctx, requireUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
