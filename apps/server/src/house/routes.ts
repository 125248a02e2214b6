import { checklistResponseSchema, houseRulesResponseSchema, houseRulesUpdateSchema, memberQuotaUpdateSchema, paymentDetailsSchema, ruleHistorySchema } from '@rustico/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requireUser } from '../http/guards.ts';
import { ifMatchVersion } from '../http/if-match.ts';
import type { AppContext } from '../context.ts';
import { readerLanguage } from '../http/reader-language.ts';
import { errorResponses } from '../http/schemas.ts';
import { readChecklist, readPaymentDetails } from './content.ts';
import { changeHouseRules, houseRulesFor, houseRulesVersion, ruleHistory, setMemberQuota } from './rules.ts';

export function houseRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/house/rules',
      {
        schema: {
          tags: ['house'],
          summary: "The house's prices and limits, and its fair-booking rules (window, longest stay, quota, notice)",
          response: { 200: houseRulesResponseSchema, ...errorResponses(401) },
        },
      },
      async (request) => ({ rules: await houseRulesFor(ctx, requireUser(request)), version: await houseRulesVersion(ctx.db) }),
    );

    app.put(
      '/house/rules',
      {
        schema: {
          tags: ['house'],
          summary: 'Change any of the rules; each change is kept with who and when (admins)',
          body: houseRulesUpdateSchema,
          response: { 200: houseRulesResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        await changeHouseRules(ctx, admin.id, request.body, ifMatchVersion(request));
        return { rules: await houseRulesFor(ctx, admin), version: await houseRulesVersion(ctx.db) };
      },
    );

    app.put(
      '/house/rules/quotas/:memberId',
      {
        schema: {
          tags: ['house'],
          summary: "A member's own yearly quota; null gives them the house's again (admins)",
          params: z.object({ memberId: z.string().min(1).max(100) }),
          body: memberQuotaUpdateSchema,
          response: { 200: houseRulesResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        await setMemberQuota(ctx, admin, request.params.memberId, request.body.quotaNights, ifMatchVersion(request));
        return { rules: await houseRulesFor(ctx, admin), version: await houseRulesVersion(ctx.db) };
      },
    );

    app.get(
      '/house/rules/history',
      {
        schema: {
          tags: ['house'],
          summary: 'Every change of the rules and peak periods, newest first: who, when, before and after',
          response: { 200: ruleHistorySchema, ...errorResponses(401) },
        },
      },
      async (request) => ({ changes: await ruleHistory(ctx.db, requireUser(request)) }),
    );

    app.get(
      '/house/checklist',
      {
        schema: {
          tags: ['house'],
          summary: "The check-out cleaning checklist (the house's content/checklist.json, or checklist.<language>.json in the reader's language)",
          response: { 200: checklistResponseSchema, ...errorResponses(401) },
        },
      },
      async (request) => {
        requireUser(request);
        return readChecklist(ctx.config.contentDir, readerLanguage(request));
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
