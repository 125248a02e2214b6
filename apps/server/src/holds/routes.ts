import { bookingRangeQuerySchema, bookingResponseSchema, holdConfirmSchema, holdInputSchema, holdListSchema, holdReleaseSchema, holdResponseSchema } from '@rustico/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { requireUser } from '../http/guards.ts';
import { errorResponses, idParams } from '../http/schemas.ts';
import { confirmHold, createHold, holdsBetween, myHolds, releaseHold } from './service.ts';

/** Holds («opzione»): free nights kept a few days, then confirmed into a booking or given back. */
export function holdRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/holds',
      {
        schema: {
          tags: ['holds'],
          summary: 'Live holds touching the days from..to (inclusive), as the calendar shows them',
          querystring: bookingRangeQuerySchema,
          response: { 200: holdListSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => ({ holds: await holdsBetween(ctx, requireUser(request), request.query.from, request.query.to) }),
    );

    app.get(
      '/holds/mine',
      {
        schema: { tags: ['holds'], summary: 'My live holds, soonest first', response: { 200: holdListSchema, ...errorResponses(401) } },
      },
      async (request) => ({ holds: await myHolds(ctx, requireUser(request)) }),
    );

    app.post(
      '/holds',
      {
        schema: {
          tags: ['holds'],
          summary: 'Hold free nights for the house’s holdDays (HOLDS_OFF, HOLD_LIMIT, BOOKING_OVERLAP, NIGHTS_HELD, the date rules)',
          body: holdInputSchema,
          response: { 201: holdResponseSchema, ...errorResponses(400, 401, 409) },
        },
      },
      async (request, reply) => reply.status(201).send({ hold: await createHold(ctx, requireUser(request), request.body) }),
    );

    app.post(
      '/holds/:id/confirm',
      {
        schema: {
          tags: ['holds'],
          summary: 'Turn my hold into a booking, every rule judged now (a request in a peak period); HOLD_EXPIRED past its moment',
          params: idParams,
          body: holdConfirmSchema,
          response: { 201: bookingResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => reply.status(201).send({ booking: await confirmHold(ctx, requireUser(request), request.params.id, request.body.purpose) }),
    );

    app.delete(
      '/holds/:id',
      {
        schema: {
          tags: ['holds'],
          summary: 'Release a hold: its owner, or an admin with a reason everyone sees (REASON_REQUIRED)',
          params: idParams,
          querystring: holdReleaseSchema,
          response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        await releaseHold(ctx, requireUser(request), request.params.id, request.query.reason);
        return reply.status(204).send(null);
      },
    );
  };
}
