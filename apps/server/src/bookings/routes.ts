import {
  bookingHistoryQuerySchema,
  bookingInputSchema,
  newBookingSchema,
  bookingListSchema,
  bookingPageSchema,
  bookingYearsSchema,
  bookingRangeQuerySchema,
  bookingResponseSchema,
  historySchema,
  nextBookingSchema,
} from '@rustico/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../http/guards.ts';
import { ifMatchVersion } from '../http/if-match.ts';
import type { AppContext } from '../context.ts';
import { errorResponses, idParams } from '../http/schemas.ts';
import { bookingHistoryPage, bookingHistoryYears } from './history.ts';
import { bookingChanges, bookingsBetween, createBooking, deleteBooking, nextBooking, updateBooking } from './service.ts';

const historyParams = z.object({ userId: z.string().min(1).max(100) });

export function bookingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/bookings',
      {
        schema: {
          tags: ['bookings'],
          summary: 'Bookings touching the days from..to (inclusive), as the calendar grid shows them',
          querystring: bookingRangeQuerySchema,
          response: { 200: bookingListSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => bookingsBetween(ctx, requireUser(request), request.query.from, request.query.to),
    );

    app.get(
      '/bookings/next',
      {
        schema: {
          tags: ['bookings'],
          summary: 'The next booking that starts after today',
          response: { 200: nextBookingSchema, ...errorResponses(401) },
        },
      },
      async (request) => ({ booking: await nextBooking(ctx, requireUser(request)) }),
    );

    app.get(
      '/users/:userId/bookings',
      {
        schema: {
          tags: ['bookings'],
          summary:
            "A member's booking history, newest first, a page at a time (nextCursor goes in `before` for the next); userId 0 lists everyone's (admins), filtered by year and member",
          params: historyParams,
          querystring: bookingHistoryQuerySchema,
          response: { 200: bookingPageSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const { year, userId: memberId, before, limit } = request.query;
        return bookingHistoryPage(ctx, requireUser(request), request.params.userId, { year, memberId, before, limit });
      },
    );

    app.get(
      '/users/:userId/bookings/years',
      {
        schema: {
          tags: ['bookings'],
          summary: 'The years in which a booking history has stays, newest first (userId 0: everyone, admins)',
          params: historyParams,
          querystring: z.object({ userId: z.string().max(100).optional() }),
          response: { 200: bookingYearsSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => ({ years: await bookingHistoryYears(ctx, requireUser(request), request.params.userId, request.query.userId) }),
    );

    app.post(
      '/bookings',
      {
        schema: {
          tags: ['bookings'],
          summary: 'Book a stay; administrators may book for another member (ownerId)',
          body: newBookingSchema,
          response: { 201: bookingResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => reply.status(201).send({ booking: await createBooking(ctx, requireUser(request), request.body) }),
    );

    app.get(
      '/bookings/:id/history',
      {
        schema: {
          tags: ['bookings'],
          summary: 'Who changed a booking and how: dates, purpose, owner, the steps of the stay, the payment (kept after deletion)',
          params: idParams,
          response: { 200: historySchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => ({ changes: await bookingChanges(ctx, requireUser(request), request.params.id) }),
    );

    app.put(
      '/bookings/:id',
      {
        schema: {
          tags: ['bookings'],
          summary: "Change a booking's dates or purpose (its owner, before check-in)",
          params: idParams,
          body: bookingInputSchema,
          response: { 200: bookingResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ({ booking: await updateBooking(ctx, requireUser(request), request.params.id, request.body, ifMatchVersion(request)) }),
    );

    app.delete(
      '/bookings/:id',
      {
        schema: {
          tags: ['bookings'],
          summary: 'Delete a booking (its owner or an admin, before check-in)',
          params: idParams,
          response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        await deleteBooking(ctx, requireUser(request), request.params.id, ifMatchVersion(request));
        return reply.status(204).send(null);
      },
    );
  };
}
