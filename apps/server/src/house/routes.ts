import { checklistSchema, houseRulesSchema, paymentDetailsSchema } from '@rustico/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/guards.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../http/schemas.ts';
import { readChecklist, readPaymentDetails } from './content.ts';
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

    app.get(
      '/house/checklist',
      {
        schema: {
          tags: ['house'],
          summary: "The check-out cleaning checklist (the house's content/checklist.json)",
          response: { 200: checklistSchema, ...errorResponses(401) },
        },
      },
      async (request) => {
        requireUser(request);
        return readChecklist(ctx.config.contentDir);
      },
    );

    app.get(
      '/house/payment',
      {
        schema: {
          tags: ['house'],
          summary: 'Where to pay: account holder, address, IBAN and the Twint number',
          response: { 200: paymentDetailsSchema, ...errorResponses(401) },
        },
      },
      async (request) => {
        requireUser(request);
        return readPaymentDetails(ctx.config.contentDir);
      },
    );
  };
}
