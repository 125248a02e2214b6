import { calendarFeedSchema } from '@rustico/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../http/guards.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../http/schemas.ts';
import { bookingsCalendar } from './ical.ts';
import { calendarToken, feedBookings, renewCalendarToken } from './service.ts';

export function feedRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const feedUrl = (request: FastifyRequest, token: string) =>
      `${ctx.config.publicUrl ?? `${request.protocol}://${request.host}`}/api/calendar/${token}.ics`;

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
        return { url: feedUrl(request, await calendarToken(ctx, requireUser(request).id)) };
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
      async (request) => ({ url: feedUrl(request, await renewCalendarToken(ctx, requireUser(request).id)) }),
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
        const { bookings, language } = await feedBookings(ctx, request.params.file.replace(/\.ics$/, ''));
        return reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('cache-control', 'private, max-age=900')
          .send(bookingsCalendar(ctx.config.houseName, bookings, language));
      },
    );
  };
}
