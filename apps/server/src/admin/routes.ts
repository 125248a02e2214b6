import {
  addedMemberSchema,
  allBookingsQuerySchema,
  memberListSchema,
  memberSchema,
  memberUpdateSchema,
  memberWithPasswordSchema,
  newMemberSchema,
  statisticsQuerySchema,
  storageStatisticsSchema,
  yearStatistics,
  yearStatisticsSchema,
} from '@rustico/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requireSuperadmin } from '../http/guards.ts';
import { ifMatchVersion } from '../http/if-match.ts';
import { ALL_MEMBERS, bookingHistory } from '../bookings/history.ts';
import { bookingsBetween } from '../bookings/service.ts';
import type { AppContext } from '../context.ts';
import { errorResponses, idParams } from '../http/schemas.ts';
import { bookingsCsv } from './csv.ts';
import { addMember, listMembers, removePasskeysOf, resetMemberPassword, restoreVoucher, storageStatistics, updateMember } from './service.ts';


/** What the people who run the house need: figures, exports (admins) and the members (superadmins). */
export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/statistics',
      {
        schema: {
          tags: ['admin'],
          summary: 'A year at the house: nights per member, occupancy and kWh per month, income paid and open (admins)',
          querystring: statisticsQuerySchema,
          response: { 200: yearStatisticsSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const viewer = requireAdmin(request);
        const { year } = request.query;
        return yearStatistics((await bookingsBetween(ctx, viewer, `${year}-01-01`, `${year}-12-31`)).bookings, year);
      },
    );

    app.get(
      '/admin/statistics/storage',
      {
        schema: {
          tags: ['admin'],
          summary: "The files stored (receipts, photos) against the budgets: the house's and each member's (admins)",
          response: { 200: storageStatisticsSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => storageStatistics(ctx, requireAdmin(request)),
    );

    app.get(
      '/admin/bookings.csv',
      {
        schema: {
          tags: ['admin'],
          summary: 'All bookings (filtered by year and member) as a spreadsheet file (admins)',
          querystring: allBookingsQuerySchema,
          produces: ['text/csv'],
          response: { 200: z.string().describe('CSV'), ...errorResponses(401, 403) },
        },
      },
      async (request, reply) => {
        const viewer = requireAdmin(request);
        // Declined requests never became stays; pending requests are listed as bookings.
        const bookings = (await bookingHistory(ctx, viewer, ALL_MEMBERS, { year: request.query.year, memberId: request.query.userId })).filter((b) => b.status !== 'declined');
        const name = `prenotazioni${request.query.year ? `-${request.query.year}` : ''}.csv`;
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          .send(bookingsCsv(bookings));
      },
    );

    app.get(
      '/users',
      {
        schema: {
          tags: ['admin'],
          summary: 'The members of the house with role, colour and last activity (admins)',
          response: { 200: memberListSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => ({ users: await listMembers(ctx, requireAdmin(request)) }),
    );

    app.post(
      '/admin/users',
      {
        schema: {
          tags: ['admin'],
          summary: 'Add a member: with a password shown once, or invited by email to choose their own (superadmins)',
          body: newMemberSchema,
          response: { 201: addedMemberSchema, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request, reply) => {
        return reply.status(201).send(await addMember(ctx, requireSuperadmin(request), request.body));
      },
    );

    app.patch(
      '/admin/users/:id',
      {
        schema: {
          tags: ['admin'],
          summary: "Change a member's name, role, colour, hidden or disabled (superadmins)",
          params: idParams,
          body: memberUpdateSchema,
          response: { 200: z.object({ user: memberSchema }), ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        return { user: await updateMember(ctx, requireSuperadmin(request), request.params.id, request.body, ifMatchVersion(request)) };
      },
    );

    app.post(
      '/admin/users/:id/password',
      {
        schema: {
          tags: ['admin'],
          summary: 'Give a member a new password, shown once; their sessions end (superadmins)',
          params: idParams,
          response: { 200: memberWithPasswordSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        return resetMemberPassword(ctx, requireSuperadmin(request), request.params.id);
      },
    );

    app.post(
      '/admin/users/:id/voucher',
      {
        schema: {
          tags: ['admin'],
          summary: 'Give back a used weekend voucher (superadmins)',
          params: idParams,
          response: { 200: z.object({ user: memberSchema }), ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        return { user: await restoreVoucher(ctx, requireSuperadmin(request), request.params.id) };
      },
    );

    app.delete(
      '/admin/users/:id/passkeys',
      {
        schema: {
          tags: ['admin'],
          summary: "Remove every passkey of a member (a lost phone); the sessions signed in with them end (superadmins)",
          params: idParams,
          response: { 200: z.object({ user: memberSchema }), ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        requireSuperadmin(request);
        return { user: await removePasskeysOf(ctx, request.params.id) };
      },
    );
  };
}
