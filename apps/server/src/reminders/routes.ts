import { undeliveredDismissSchema, undeliveredRemindersSchema } from '@rustico/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { requireUser } from '../http/guards.ts';
import { errorResponses } from '../http/schemas.ts';
import { dismissUndeliveredReminders, undeliveredReminders } from './service.ts';

/** My reminders that reached me by no channel (Home shows them), and dismissing them. */
export function reminderRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/reminders/undelivered',
      {
        schema: {
          tags: ['notifications'],
          summary: 'My reminders no channel delivered (push and email could not reach me), not dismissed, newest first',
          response: { 200: undeliveredRemindersSchema, ...errorResponses(401) },
        },
      },
      async (request) => undeliveredReminders(ctx, requireUser(request).id),
    );

    app.post(
      '/reminders/undelivered/dismiss',
      {
        schema: {
          tags: ['notifications'],
          summary: 'Dismiss my undelivered reminders: the ones named, or all',
          body: undeliveredDismissSchema,
          response: { 200: undeliveredRemindersSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => dismissUndeliveredReminders(ctx, requireUser(request).id, request.body.keys),
    );
  };
}
