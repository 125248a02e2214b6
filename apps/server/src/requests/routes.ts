import { approvalResponseSchema, approvalSchema, competingRequestsSchema, pendingRequestsSchema } from '@rustico/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin, requireUser } from '../http/guards.ts';
import type { AppContext } from '../context.ts';
import { errorResponses, idParams } from '../http/schemas.ts';
import { competingRequests, decideRequest, pendingRequests } from './service.ts';


/** Requests of peak periods: who waits, who competes, and the administrators' decision. */
export function requestRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/booking-requests',
      {
        schema: {
          tags: ['fairness'],
          summary: 'Requests waiting for a decision, by start',
          response: { 200: pendingRequestsSchema, ...errorResponses(401) },
        },
      },
      async (request) => ({ bookings: await pendingRequests(ctx, requireUser(request)) }),
    );

    app.get(
      '/bookings/:id/competing',
      {
        schema: {
          tags: ['fairness'],
          summary: 'A request side by side with the requests sharing its nights, with each member’s peak nights of the last five years (admins)',
          params: idParams,
          response: { 200: competingRequestsSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => competingRequests(ctx, requireAdmin(request), request.params.id),
    );

    app.post(
      '/bookings/:id/approval',
      {
        schema: {
          tags: ['fairness'],
          summary: 'Approve or decline a request as seen (its dates); approving declines the overlapping requests (admins)',
          params: idParams,
          body: approvalSchema,
          response: { 200: approvalResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => decideRequest(ctx, requireAdmin(request), request.params.id, request.body),
    );
  };
}
