import { fairnessQuerySchema, fairnessViewSchema, quotaQuerySchema, quotaResponseSchema } from '@rustico/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../http/guards.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../http/schemas.ts';
import { fairnessView, quotaFor } from './service.ts';

/** Quota in sight and the fairness view: what everyone can see of who had the house. */
export function fairnessRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/quota',
      {
        schema: {
          tags: ['fairness'],
          summary: 'My nights used and remaining of the yearly quota (admins: anyone’s, memberId)',
          querystring: quotaQuerySchema,
          response: { 200: quotaResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({ quota: await quotaFor(ctx, requireUser(request), request.query.memberId, request.query.year) }),
    );

    app.get(
      '/fairness',
      {
        schema: {
          tags: ['fairness'],
          summary: 'Nights per member in the year, and peak nights per member over the last five years',
          querystring: fairnessQuerySchema,
          response: { 200: fairnessViewSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => fairnessView(ctx, requireUser(request), request.query.year),
    );
  };
}
