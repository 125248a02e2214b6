import { firstWaitingSchema, offerInputSchema, offerListSchema, offerResponseSchema, swapInputSchema, swapListSchema, swapResponseSchema } from '@rustico/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { requireUser } from '../http/guards.ts';
import { errorResponses, idParams } from '../http/schemas.ts';
import { acceptOffer, acceptSwap, declineOffer, declineSwap, firstWaiting, myOffers, mySwaps, offerBooking, proposeSwap, withdrawOffer, withdrawSwap } from './service.ts';

/** Swaps («scambio») of two members' future stays, and stays given («cedi»): proposed, then answered. */
export function swapRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/swaps',
      { schema: { tags: ['fairness'], summary: 'The open swaps I proposed or was proposed, the earliest to expire first', response: { 200: swapListSchema, ...errorResponses(401) } } },
      async (request) => ({ swaps: await mySwaps(ctx, requireUser(request)) }),
    );

    app.post(
      '/swaps',
      {
        schema: {
          tags: ['fairness'],
          summary: 'Propose to swap one of my future stays with another member’s (the rules are judged for both now and again when accepted)',
          body: swapInputSchema,
          response: { 201: swapResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => reply.status(201).send({ swap: await proposeSwap(ctx, requireUser(request), request.body) }),
    );

    app.post(
      '/swaps/:id/accept',
      {
        schema: {
          tags: ['fairness'],
          summary: 'Accept a swap proposed to me: both stays change owner at once, or nothing changes (SWAP_STALE, SWAP_RULES, SWAP_EXPIRED)',
          params: idParams,
          response: { 200: swapResponseSchema, ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (request) => ({ swap: await acceptSwap(ctx, requireUser(request), request.params.id) }),
    );

    app.post(
      '/swaps/:id/decline',
      { schema: { tags: ['fairness'], summary: 'Decline a swap proposed to me', params: idParams, response: { 200: swapResponseSchema, ...errorResponses(401, 403, 404, 409) } } },
      async (request) => ({ swap: await declineSwap(ctx, requireUser(request), request.params.id) }),
    );

    app.delete(
      '/swaps/:id',
      { schema: { tags: ['fairness'], summary: 'Withdraw a swap I proposed', params: idParams, response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) } } },
      async (request, reply) => {
        await withdrawSwap(ctx, requireUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/offers',
      { schema: { tags: ['fairness'], summary: 'The open stays I offered or was offered', response: { 200: offerListSchema, ...errorResponses(401) } } },
      async (request) => ({ offers: await myOffers(ctx, requireUser(request)) }),
    );

    app.get(
      '/bookings/:id/first-waiting',
      {
        schema: {
          tags: ['fairness'],
          summary: 'Who is first on the waitlist of one of my stays, to whom «al primo in lista d’attesa» would give it (null: nobody waits)',
          params: idParams,
          response: { 200: firstWaitingSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => ({ first: await firstWaiting(ctx, requireUser(request), request.params.id) }),
    );

    app.post(
      '/bookings/:id/offer',
      {
        schema: {
          tags: ['fairness'],
          summary: 'Give one of my future stays to a member, or (no toMemberId) to the first on its waitlist; it moves when they accept',
          params: idParams,
          body: offerInputSchema,
          response: { 201: offerResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => reply.status(201).send({ offer: await offerBooking(ctx, requireUser(request), request.params.id, request.body) }),
    );

    app.post(
      '/offers/:id/accept',
      {
        schema: {
          tags: ['fairness'],
          summary: 'Accept a stay offered to me: it becomes mine (a request into a peak period), or nothing changes (OFFER_STALE, SWAP_RULES, SWAP_EXPIRED)',
          params: idParams,
          response: { 200: offerResponseSchema, ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (request) => ({ offer: await acceptOffer(ctx, requireUser(request), request.params.id) }),
    );

    app.post(
      '/offers/:id/decline',
      { schema: { tags: ['fairness'], summary: 'Decline a stay offered to me', params: idParams, response: { 200: offerResponseSchema, ...errorResponses(401, 403, 404, 409) } } },
      async (request) => ({ offer: await declineOffer(ctx, requireUser(request), request.params.id) }),
    );

    app.delete(
      '/offers/:id',
      { schema: { tags: ['fairness'], summary: 'Withdraw a stay I offered', params: idParams, response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) } } },
      async (request, reply) => {
        await withdrawOffer(ctx, requireUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
