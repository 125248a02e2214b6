import { randomBytes } from 'node:crypto';
import { calendarFeedSchema, todayIn, addDays } from '@rustico/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/guards.ts';
import { bookingsBetween } from '../bookings/service.ts';
import type { AppContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { errorResponses } from '../http/schemas.ts';
import { findUserByCalendarToken, findUserById, updateUser } from '../users/repository.ts';
import { toSessionUser } from '../users/service.ts';
import { bookingsCalendar } from './ical.ts';

/** A feed shows a year back and two years ahead: what a phone calendar needs. */
const PAST_DAYS = 366;
const FUTURE_DAYS = 731;

export function feedRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const feedUrl = (request: FastifyRequest, token: string) =>
      `${ctx.config.publicUrl ?? `${request.protocol}://${request.host}`}/api/calendar/${token}.ics`;

    const issueToken = async (userId: string) => {
      const token = randomBytes(24).toString('base64url');
      await updateUser(ctx.db, userId, { calendarToken: token });
      return token;
    };

    app.get(
      '/profile/calendar-feed',
      {
        schema: {
          tags: ['profile'],
          summary: 'My private iCalendar URL of the house bookings (made on first use)',
          response: { 200: calendarFeedSchema, ...errorResponses(401) },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const row = await findUserById(ctx.db, user.id);
        return { url: feedUrl(request, row?.calendarToken ?? (await issueToken(user.id))) };
      },
    );

    app.post(
      '/profile/calendar-feed/renew',
      {
        schema: {
          tags: ['profile'],
          summary: 'A new private iCalendar URL; the old one stops working',
          response: { 200: calendarFeedSchema, ...errorResponses(401) },
        },
      },
      async (request) => ({ url: feedUrl(request, await issueToken(requireUser(request).id)) }),
    );

    app.get(
      '/calendar/:file',
      {
        schema: {
          tags: ['profile'],
          summary: "The house's bookings as iCalendar, for calendar apps; the secret in the URL is the only key",
          params: z.object({ file: z.string().regex(/^[\w-]{20,100}\.ics$/) }),
          produces: ['text/calendar'],
          response: { 200: z.string().describe('iCalendar'), ...errorResponses(404) },
        },
      },
      async (request, reply) => {
        const owner = await findUserByCalendarToken(ctx.db, request.params.file.replace(/\.ics$/, ''));
        if (!owner) throw notFound('Calendar');
        const today = todayIn(ctx.config.houseTimeZone, ctx.now());
        // The feed shows what its owner would see in the app (hidden bookings stay hidden).
        const bookings = await bookingsBetween(ctx, toSessionUser(owner), addDays(today, -PAST_DAYS), addDays(today, FUTURE_DAYS));
        return reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('cache-control', 'private, max-age=900')
          .send(bookingsCalendar(ctx.config.houseName, bookings));
      },
    );
  };
}
