import {
  bookingListSchema,
  bookingResponseSchema,
  checkinRequestSchema,
  checkoutRequestSchema,
  adminReadingListSchema,
  adminReadingResponseSchema,
  latestReadingSchema,
  readingCorrectionSchema,
  paymentRequestSchema,
} from '@rustico/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requireUser } from '../http/guards.ts';
import { findBooking, toBooking } from '../bookings/service.ts';
import type { AppContext } from '../context.ts';
import { readPaymentDetails } from '../house/content.ts';
import { AppError, forbidden, notFound } from '../http/errors.ts';
import { readerLanguage } from '../http/reader-language.ts';
import { errorResponses, idParams } from '../http/schemas.ts';
import { qrBillSvg } from './qr-bill.ts';
import { correctReading, recentReadings } from './reading-corrections.ts';
import { checkIn, checkOut, latestMeterReading, openStays, pay } from './service.ts';


export function stayRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/stays/open',
      {
        schema: {
          tags: ['stays'],
          summary: 'My bookings that are not finished (not paid), oldest first, for the Registra selector',
          response: { 200: bookingListSchema, ...errorResponses(401) },
        },
      },
      async (request) => ({ bookings: await openStays(ctx, requireUser(request)) }),
    );

    app.get(
      '/meter/latest',
      {
        schema: {
          tags: ['stays'],
          summary: "The house meter's last recorded reading (a hidden account's only for hidden accounts)",
          response: { 200: latestReadingSchema, ...errorResponses(401) },
        },
      },
      async (request) => {
        return { reading: await latestMeterReading(ctx, requireUser(request)) };
      },
    );

    app.get(
      '/admin/readings',
      {
        schema: {
          tags: ['stays'],
          summary: 'The latest meter readings with their stay and corrections, newest first (admins)',
          response: { 200: adminReadingListSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => ({ readings: await recentReadings(ctx, requireAdmin(request)) }),
    );

    app.put(
      '/admin/readings/:id',
      {
        schema: {
          tags: ['stays'],
          summary: "Correct a meter reading; the old values are kept with who and when, a checked-out stay's cost is computed again (admins)",
          params: idParams,
          body: readingCorrectionSchema,
          response: { 200: adminReadingResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({ reading: await correctReading(ctx, requireAdmin(request), request.params.id, request.body) }),
    );

    app.post(
      '/bookings/:id/checkin',
      {
        schema: {
          tags: ['stays'],
          summary: 'Register the arrival: meter reading and an optional note',
          params: idParams,
          body: checkinRequestSchema,
          response: { 200: bookingResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ({ booking: await checkIn(ctx, requireUser(request), request.params.id, request.body) }),
    );

    app.post(
      '/bookings/:id/checkout',
      {
        schema: {
          tags: ['stays'],
          summary: 'Register the departure: meter reading, checklist done, optional note; sets the final cost',
          params: idParams,
          body: checkoutRequestSchema,
          response: { 200: bookingResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ({ booking: await checkOut(ctx, requireUser(request), request.params.id, request.body) }),
    );

    app.post(
      '/bookings/:id/payment',
      {
        schema: {
          tags: ['stays'],
          summary: 'Register the payment (bank transfer, Twint or the one-time weekend voucher)',
          params: idParams,
          body: paymentRequestSchema,
          response: { 200: bookingResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ({ booking: await pay(ctx, requireUser(request), request.params.id, request.body.method) }),
    );

    app.get(
      '/bookings/:id/qr-bill.svg',
      {
        schema: {
          tags: ['stays'],
          summary: "The Swiss QR-bill payment part for a checked-out stay's cost (its owner)",
          params: idParams,
          produces: ['image/svg+xml'],
          response: { 200: z.any().describe('SVG'), ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const row = await findBooking(ctx.db, request.params.id, user);
        if (!row) throw notFound('Booking');
        if (row.userId !== user.id) throw forbidden();
        const booking = toBooking(row);
        if (!booking.checkedOut || booking.costCentimes <= 0) {
          throw new AppError(409, 'STEP_OUT_OF_ORDER', 'A QR-bill exists once the stay is checked out and costs something');
        }
        // Labelled in the language of the page that shows it (a QR-facture on a page in French).
        const svg = await qrBillSvg(await readPaymentDetails(ctx.config.contentDir), booking, readerLanguage(request));
        return reply.header('content-type', 'image/svg+xml; charset=utf-8').header('cache-control', 'private, no-cache').header('vary', 'Accept-Language, Cookie').send(svg);
      },
    );
  };
}
