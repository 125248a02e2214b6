import { peakPeriodInputSchema, peakPeriodListSchema, peakPeriodResponseSchema } from '@rustico/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requireUser } from '../http/guards.ts';
import type { AppContext } from '../context.ts';
import { errorResponses, idParams } from '../http/schemas.ts';
import { addPeakPeriod, changePeakPeriod, peakPeriods, removePeakPeriod } from './service.ts';


/** Peak periods: everyone reads them (the calendar marks them), administrators change them. */
export function peakRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/peak-periods',
      {
        schema: {
          tags: ['fairness'],
          summary: 'The peak periods: stays touching one are requests an administrator approves',
          response: { 200: peakPeriodListSchema, ...errorResponses(401) },
        },
      },
      async (request) => {
        requireUser(request);
        return { peakPeriods: await peakPeriods(ctx.db) };
      },
    );

    app.post(
      '/peak-periods',
      {
        schema: {
          tags: ['fairness'],
          summary: 'Add a peak period: MM-DD to MM-DD, every year or (year) one year only (admins)',
          body: peakPeriodInputSchema,
          response: { 201: peakPeriodResponseSchema, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request, reply) => reply.status(201).send({ peakPeriod: await addPeakPeriod(ctx, requireAdmin(request).id, request.body) }),
    );

    app.put(
      '/peak-periods/:id',
      {
        schema: {
          tags: ['fairness'],
          summary: 'Change a peak period (admins)',
          params: idParams,
          body: peakPeriodInputSchema,
          response: { 200: peakPeriodResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ({ peakPeriod: await changePeakPeriod(ctx, requireAdmin(request).id, request.params.id, request.body) }),
    );

    app.delete(
      '/peak-periods/:id',
      {
        schema: {
          tags: ['fairness'],
          summary: 'Remove a peak period (admins); bookings keep their status',
          params: idParams,
          response: { 204: z.null(), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await removePeakPeriod(ctx, requireAdmin(request).id, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
