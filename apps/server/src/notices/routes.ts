import { noticeListSchema, noticesReadSchema } from '@rustico/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../http/guards.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../http/schemas.ts';
import { noticesOf, readNotices } from './service.ts';

/** My in-app notices of fair booking: decisions on my requests, my turn, freed nights. */
export function noticeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/notices',
      {
        schema: {
          tags: ['fairness'],
          summary: 'My last 50 notices, newest first, and how many are unread',
          response: { 200: noticeListSchema, ...errorResponses(401) },
        },
      },
      async (request) => noticesOf(ctx, requireUser(request).id),
    );

    app.post(
      '/notices/read',
      {
        schema: {
          tags: ['fairness'],
          summary: 'Mark my notices read: the ones named, or all',
          body: noticesReadSchema,
          response: { 200: noticeListSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => readNotices(ctx, requireUser(request).id, request.body.ids),
    );
  };
}
