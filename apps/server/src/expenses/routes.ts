import {
  historySchema,
  expenseInputSchema,
  expenseListQuerySchema,
  expenseListSchema,
  expenseResponseSchema,
  expenseUpdateSchema,
  RECEIPT_MAX_BYTES,
} from '@rustico/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../http/guards.ts';
import { ifMatchVersion } from '../http/if-match.ts';
import type { AppContext } from '../context.ts';
import { errorResponses, idParams } from '../http/schemas.ts';
import { sendFile } from '../storage/service.ts';
import { expensesCsv } from './csv.ts';
import { createExpense, expenseHistory, listExpenses, readReceipt, removeExpense, setReceipt, updateExpense } from './service.ts';


/** Expenses: every member sees them (transparency); the author or an admin changes them. */
export function expenseRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Receipts arrive as the raw file; what it is, is decided by its content.
    for (const type of [/^image\/[\w.+-]+$/, 'application/pdf']) {
      app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: RECEIPT_MAX_BYTES }, (_request, body, done) => done(null, body));
    }

    app.get(
      '/expenses',
      {
        schema: {
          tags: ['expenses'],
          summary: 'The expenses of a year (or all), newest first',
          querystring: expenseListQuerySchema,
          response: { 200: expenseListSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        requireUser(request);
        return { expenses: await listExpenses(ctx, request.query.year) };
      },
    );

    app.post(
      '/expenses',
      {
        schema: {
          tags: ['expenses'],
          summary: 'Record an expense (a member records what they paid; admins any, or the house account with paidById null)',
          body: expenseInputSchema,
          response: { 201: expenseResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => reply.status(201).send({ expense: await createExpense(ctx, requireUser(request), request.body) }),
    );

    app.put(
      '/expenses/:id',
      {
        schema: {
          tags: ['expenses'],
          summary: 'Change an expense (its author until verified, admins always); admins verify with verified: true',
          params: idParams,
          body: expenseUpdateSchema,
          response: { 200: expenseResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ({ expense: await updateExpense(ctx, requireUser(request), request.params.id, request.body, ifMatchVersion(request)) }),
    );

    app.delete(
      '/expenses/:id',
      {
        schema: {
          tags: ['expenses'],
          summary: 'Delete an expense (its author until verified, admins always); its history stays',
          params: idParams,
          response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        await removeExpense(ctx, requireUser(request), request.params.id, ifMatchVersion(request));
        return reply.status(204).send(null);
      },
    );

    app.put(
      '/expenses/:id/receipt',
      {
        bodyLimit: RECEIPT_MAX_BYTES,
        schema: {
          tags: ['expenses'],
          summary:
            "Attach the receipt: a photo (re-encoded as WebP without metadata) or a PDF, at most 10 MB; 409 past the uploader's or the house's storage budget, 503 while other pictures are read",
          consumes: ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'application/pdf'],
          params: idParams,
          body: z.instanceof(Buffer).describe('the file'),
          response: { 200: expenseResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 503) },
        },
      },
      async (request) => ({ expense: await setReceipt(ctx, requireUser(request), request.params.id, request.body) }),
    );

    for (const thumbnail of [false, true]) {
      app.get(
        thumbnail ? '/expenses/:id/receipt/thumbnail' : '/expenses/:id/receipt',
        {
          schema: {
            tags: ['expenses'],
            summary: thumbnail ? "A photo receipt's thumbnail" : 'The receipt, full size',
            params: idParams,
            produces: ['image/webp', 'application/pdf'],
            response: { 200: z.any().describe('the file'), ...errorResponses(401, 404) },
          },
        },
        async (request, reply) => {
          requireUser(request);
          const { file, fileName } = await readReceipt(ctx, request.params.id, thumbnail);
          // The URL names the receipt's version, so sendFile lets browsers keep it for a year.
          return sendFile(reply.header('content-disposition', `inline; filename="${fileName}"`), file, 'Receipt');
        },
      );
    }

    app.get(
      '/expenses/:id/history',
      {
        schema: {
          tags: ['expenses'],
          summary: 'Who changed an expense and when (kept after deletion)',
          params: idParams,
          response: { 200: historySchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => ({ changes: await expenseHistory(ctx, requireUser(request), request.params.id) }),
    );

    app.get(
      '/expenses.csv',
      {
        schema: {
          tags: ['expenses'],
          summary: 'Every expense (of a year) as CSV for the accountant',
          querystring: expenseListQuerySchema,
          produces: ['text/csv'],
          response: { 200: z.any().describe('CSV'), ...errorResponses(400, 401) },
        },
      },
      async (request, reply) => {
        requireUser(request);
        const { year } = request.query;
        const csv = expensesCsv(await listExpenses(ctx, year), 'Conto della casa');
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="spese${year ? `-${year}` : ''}.csv"`)
          .send(csv);
      },
    );
  };
}
