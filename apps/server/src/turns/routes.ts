import { skipTurnSchema, suggestedOrderQuerySchema, suggestedOrderSchema, turnRoundInputSchema, turnRoundListSchema, turnRoundResponseSchema } from '@rustico/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requireUser } from '../http/guards.ts';
import type { AppContext } from '../context.ts';
import { errorResponses, idParams } from '../http/schemas.ts';
import { closeTurnRound, openTurnRound, skipTurn, suggestedOrder, turnRounds } from './service.ts';


/** Picking turns: the live queue for everyone, rounds opened and closed by administrators. */
export function turnRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/turns',
      {
        schema: {
          tags: ['fairness'],
          summary: 'Rounds of picking turns whose range has not ended, with whose turn it is and until when',
          response: { 200: turnRoundListSchema, ...errorResponses(401) },
        },
      },
      async (request) => {
        requireUser(request);
        return { rounds: await turnRounds(ctx) };
      },
    );

    app.get(
      '/turns/suggested-order',
      {
        schema: {
          tags: ['fairness'],
          summary: 'The order Rustico suggests for a round starting on `from`: the last round’s rotated by one (admins)',
          querystring: suggestedOrderQuerySchema,
          response: { 200: suggestedOrderSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => suggestedOrder(ctx, requireAdmin(request), request.query.from),
    );

    app.post(
      '/turns',
      {
        schema: {
          tags: ['fairness'],
          summary: 'Open turns for a date range: an order, nights per turn, hours per member (admins)',
          body: turnRoundInputSchema,
          response: { 201: turnRoundResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => reply.status(201).send({ round: await openTurnRound(ctx, requireAdmin(request), request.body) }),
    );

    app.post(
      '/turns/:id/skip',
      {
        schema: {
          tags: ['fairness'],
          summary: 'Pass the turn on (the member whose turn it is, or an admin), naming whose turn was seen running',
          params: idParams,
          body: skipTurnSchema,
          response: { 200: turnRoundResponseSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) => ({ round: await skipTurn(ctx, requireUser(request), request.params.id, request.body) }),
    );

    app.delete(
      '/turns/:id',
      {
        schema: {
          tags: ['fairness'],
          summary: 'Close a round early: its range opens to everyone (admins)',
          params: idParams,
          response: { 204: z.null(), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        requireAdmin(request);
        await closeTurnRound(ctx, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
