import { notificationChoicesInputSchema, notificationSettingsSchema, unsubscribeRequestSchema, unsubscribeResponseSchema } from '@rustico/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../http/guards.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../http/schemas.ts';
import { notificationSettings, setNotificationChoices, unsubscribe } from './service.ts';

/** My channel for each kind of message, and the unsubscribe link of every email. */
export function notificationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/profile/notifications',
      {
        schema: {
          tags: ['profile'],
          summary: 'My channel (push, email, both, none) for each kind of message, and whether email is on',
          response: { 200: notificationSettingsSchema, ...errorResponses(401) },
        },
      },
      async (request) => notificationSettings(ctx, requireUser(request).id),
    );

    app.put(
      '/profile/notifications',
      {
        schema: {
          tags: ['profile'],
          summary: 'Choose my channel for each kind of message',
          body: notificationChoicesInputSchema,
          response: { 200: notificationSettingsSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => setNotificationChoices(ctx, requireUser(request).id, request.body),
    );

    app.post(
      '/unsubscribe',
      {
        schema: {
          tags: ['profile'],
          summary: "Stop one kind of email with the signed link from that email's footer (no login needed)",
          body: unsubscribeRequestSchema,
          response: { 200: unsubscribeResponseSchema, ...errorResponses(400) },
        },
      },
      async (request) => unsubscribe(ctx, request.body.token),
    );
  };
}
