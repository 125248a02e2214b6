import { houseRulesSchema } from '@rustico/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/guards.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../http/schemas.ts';
import { getHouseRules } from './rules.ts';

export function houseRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/house/rules',
      {
        schema: {
          tags: ['house'],
          summary: "The house's prices and limits, for the costs the app shows before saving",
          response: { 200: z.object({ rules: houseRulesSchema }), ...errorResponses(401) },
        },
      },
      async (request) => {
        requireUser(request);
        return { rules: await getHouseRules(ctx.db) };
      },
    );
  };
}
