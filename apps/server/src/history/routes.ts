import { activityPageSchema, activityQuerySchema } from '@rustico/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { requireAdmin } from '../http/guards.ts';
import { errorResponses } from '../http/schemas.ts';
import { activity } from './service.ts';

export function historyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/activity',
      {
        schema: {
          tags: ['history'],
          summary: "The house's changes, newest first, a page at a time; by who made them and by kind (admins)",
          querystring: activityQuerySchema,
          response: { 200: activityPageSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => activity(ctx, requireAdmin(request), request.query),
    );
  };
}
