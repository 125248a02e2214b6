import {
  balancesResponseSchema,
  budgetInputSchema,
  contributionSchema,
  contributionSharesSchema,
  contributionsResponseSchema,
  isAdmin,
  settlementInputSchema,
  settlementResponseSchema,
  todayIn,
  yearAccountSchema,
  yearParamsSchema,
  type Language,
} from '@rustico/core';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requireUser } from '../http/guards.ts';
import type { AppContext } from '../context.ts';
import { listExpenses } from '../expenses/service.ts';
import { readPaymentDetails } from '../house/content.ts';
import { AppError, forbidden } from '../http/errors.ts';
import { readerLanguage } from '../http/reader-language.ts';
import { errorResponses, idParams } from '../http/schemas.ts';
import { billSvg, type Bill } from '../stays/qr-bill.ts';
import {
  accountOfYear,
  balanceBill,
  balances,
  contribution,
  contributionBill,
  contributionsOfYear,
  issueContributions,
  payContribution,
  recordSettlement,
  setBudget,
  setShares,
} from './service.ts';

const svgResponse = { 200: z.any().describe('SVG') };

/** The house's money: every member reads the accounts and balances, admins record and issue. */
export function accountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // A bill's labels and message speak the language of the page that shows it.
    const sendSvg = async (reply: FastifyReply, bill: Bill, language: Language) =>
      reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'private, no-cache')
        .header('vary', 'Accept-Language, Cookie')
        .send(await billSvg(await readPaymentDetails(ctx.config.contentDir), bill, language));
    const today = () => todayIn(ctx.config.houseTimeZone, ctx.now());

    app.get(
      '/accounts/balances',
      {
        schema: {
          tags: ['accounts'],
          summary: "Each member's balance with the house (paid, owed, settled), the house's total, the latest settlements",
          response: { 200: balancesResponseSchema, ...errorResponses(401) },
        },
      },
      async (request) => {
        requireUser(request);
        return balances(ctx);
      },
    );

    app.get(
      '/accounts/balances/qr-bill.svg',
      {
        schema: {
          tags: ['accounts'],
          summary: 'The QR-bill for what I owe the house (409 when I owe nothing)',
          produces: ['image/svg+xml'],
          response: { ...svgResponse, ...errorResponses(401, 409) },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const balance = (await balances(ctx)).members.find((m) => m.memberId === user.id)?.balanceCentimes ?? 0;
        if (balance >= 0) throw new AppError(409, 'NOTHING_OWED', 'Nothing is owed to the house');
        const language = readerLanguage(request);
        return sendSvg(reply, balanceBill(user, -balance, today(), language), language);
      },
    );

    app.post(
      '/accounts/settlements',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Record a reimbursement by the house or a payment to the house (admins), at most what is open',
          body: settlementInputSchema,
          response: { 201: settlementResponseSchema, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request, reply) => reply.status(201).send({ settlement: await recordSettlement(ctx, requireAdmin(request), request.body) }),
    );

    app.put(
      '/accounts/budget',
      {
        schema: {
          tags: ['accounts'],
          summary: "The yearly budget of the fixed costs (admins); it is also the total of the co-owners' contributions",
          body: budgetInputSchema,
          response: { 204: z.null(), ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        requireAdmin(request);
        await setBudget(ctx, request.body.budgetCentimes);
        return reply.status(204).send(null);
      },
    );

    app.put(
      '/accounts/shares',
      {
        schema: {
          tags: ['accounts'],
          summary: "The co-owners' shares of the fixed costs: equal, or percentages adding up to 100 (admins)",
          body: contributionSharesSchema,
          response: { 204: z.null(), ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        requireAdmin(request);
        await setShares(ctx, request.body);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/accounts/:year',
      {
        schema: {
          tags: ['accounts'],
          summary: "The year's account: income by method, expenses by category, result, budget, months",
          params: yearParamsSchema,
          response: { 200: yearAccountSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        requireUser(request);
        return accountOfYear(ctx, request.params.year);
      },
    );

    app.get(
      '/accounts/:year/contributions',
      {
        schema: {
          tags: ['accounts'],
          summary: "The year's contributions, the budget and the shares",
          params: yearParamsSchema,
          response: { 200: contributionsResponseSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        requireUser(request);
        return contributionsOfYear(ctx, request.params.year);
      },
    );

    app.post(
      '/accounts/:year/contributions',
      {
        schema: {
          tags: ['accounts'],
          summary: "Issue each co-owner's contribution for the year (admins); issuing again adds nothing",
          params: yearParamsSchema,
          response: { 200: contributionsResponseSchema, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request) => {
        requireAdmin(request);
        return issueContributions(ctx, request.params.year);
      },
    );

    app.post(
      '/contributions/:id/paid',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Mark a contribution paid (admins)',
          params: idParams,
          response: { 200: z.object({ contribution: contributionSchema }), ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (request) => {
        requireAdmin(request);
        return { contribution: await payContribution(ctx, request.params.id) };
      },
    );

    app.get(
      '/contributions/:id/qr-bill.svg',
      {
        schema: {
          tags: ['accounts'],
          summary: "A contribution's QR-bill (its co-owner or an admin)",
          params: idParams,
          produces: ['image/svg+xml'],
          response: { ...svgResponse, ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const found = await contribution(ctx, request.params.id);
        if (found.userId !== user.id && !isAdmin(user.role)) throw forbidden();
        if (found.paid) throw new AppError(409, 'STEP_DONE', 'This contribution is paid already');
        const language = readerLanguage(request);
        return sendSvg(reply, contributionBill(found, language), language);
      },
    );

    app.get(
      '/accounts/:year/statement.pdf',
      {
        schema: {
          tags: ['accounts'],
          summary: "The year statement as PDF: account, expenses with receipt references, balances, and my open amount's QR-bill",
          params: yearParamsSchema,
          produces: ['application/pdf'],
          response: { 200: z.any().describe('PDF'), ...errorResponses(400, 401) },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const { year } = request.params;
        const [account, expenses, allBalances, payment] = await Promise.all([
          accountOfYear(ctx, year),
          listExpenses(ctx, year),
          balances(ctx),
          readPaymentDetails(ctx.config.contentDir),
        ]);
        const mine = allBalances.members.find((m) => m.memberId === user.id)?.balanceCentimes ?? 0;
        // pdfkit is large; a house that never prints a statement never loads it.
        const { statementFileName, statementPdf } = await import('./statement.ts');
        const language = readerLanguage(request);
        const pdf = await statementPdf({
          houseName: ctx.config.houseName,
          account,
          expenses,
          balances: allBalances,
          openBill: mine < 0 ? { name: user.name, bill: balanceBill(user, -mine, today(), language) } : null,
          payment,
          generatedOn: today(),
          language,
        });
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${statementFileName(language, year)}"`)
          .header('vary', 'Accept-Language, Cookie')
          .header('cache-control', 'private, no-cache')
          .send(pdf);
      },
    );
  };
}
