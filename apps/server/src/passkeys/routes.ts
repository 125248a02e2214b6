import {
  invitationPasskeyOptionsRequestSchema,
  invitationPasskeySchema,
  newPasskeySchema,
  passkeyCreationOptionsSchema,
  passkeyListSchema,
  passkeyRequestOptionsSchema,
  passkeySchema,
  passkeySignInSchema,
  sessionResponseSchema,
} from '@rustico/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endSession } from '../auth/service.ts';
import { sessionClientOf, setSessionCookie } from '../auth/session-hooks.ts';
import type { AppContext } from '../context.ts';
import { SESSION_COOKIE, requireUser } from '../http/guards.ts';
import { errorResponses } from '../http/schemas.ts';
import {
  acceptInvitationWithPasskey,
  addPasskey,
  invitationOptions,
  myPasskeys,
  registrationOptions,
  removeMyPasskey,
  signInOptions,
  signInWithPasskey,
} from './service.ts';

/** A credential's id: base64url of up to 1023 bytes (WebAuthn's limit). */
const passkeyParams = z.object({ id: z.string().min(1).max(1400) });

/** Passkeys (issue 45): a member's own, signing in with one, and an invitation completed with one. */
export function passkeyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/profile/passkeys',
      {
        schema: {
          tags: ['profile'],
          summary: 'My passkeys, with when each was last used',
          response: { 200: passkeyListSchema, ...errorResponses(401) },
        },
      },
      async (request) => ({ passkeys: await myPasskeys(ctx, requireUser(request), request.cookies[SESSION_COOKIE]!) }),
    );

    app.post(
      '/profile/passkeys/options',
      {
        schema: {
          tags: ['profile'],
          summary: "What this device needs to make a passkey for me (the challenge is good for five minutes, once)",
          response: { 200: passkeyCreationOptionsSchema, ...errorResponses(401, 409) },
        },
      },
      async (request) => registrationOptions(ctx, requireUser(request)),
    );

    app.post(
      '/profile/passkeys',
      {
        schema: {
          tags: ['profile'],
          summary: 'Keep the passkey this device made, under a name',
          body: newPasskeySchema,
          response: { 201: z.object({ passkey: passkeySchema }), ...errorResponses(400, 401, 409) },
        },
      },
      async (request, reply) => reply.status(201).send({ passkey: await addPasskey(ctx, requireUser(request), request.body) }),
    );

    app.delete(
      '/profile/passkeys/:id',
      {
        schema: {
          tags: ['profile'],
          summary: 'Remove one of my passkeys; whoever signed in with it is logged out',
          params: passkeyParams,
          response: { 204: z.null(), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await removeMyPasskey(ctx, requireUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/session/passkey-options',
      {
        schema: {
          tags: ['auth'],
          summary: 'What a device needs to sign in with any passkey of the house (the challenge is good for five minutes, once)',
          response: { 200: passkeyRequestOptionsSchema, ...errorResponses(409) },
        },
      },
      async (request) => signInOptions(ctx, request.ip),
    );

    app.post(
      '/session/passkey',
      {
        schema: {
          tags: ['auth'],
          summary: 'Log in with a passkey; failures count toward the login limit',
          body: passkeySignInSchema,
          response: { 200: sessionResponseSchema, ...errorResponses(400, 401, 409, 429) },
        },
      },
      async (request, reply) => {
        const session = await signInWithPasskey(ctx, { credential: request.body.credential, address: request.ip, ...sessionClientOf(request) });
        const previous = request.cookies[SESSION_COOKIE];
        if (previous) await endSession(ctx, previous);
        setSessionCookie(reply, session.token, session.expiresAt);
        return { user: session.user };
      },
    );

    app.post(
      '/password-links/passkey-options',
      {
        schema: {
          tags: ['auth'],
          summary: "What a device needs to make the invited member's passkey, instead of a password",
          body: invitationPasskeyOptionsRequestSchema,
          response: { 200: passkeyCreationOptionsSchema, ...errorResponses(400, 409, 410) },
        },
      },
      async (request) => invitationOptions(ctx, request.body.token),
    );

    app.post(
      '/password-links/passkey',
      {
        schema: {
          tags: ['auth'],
          summary: 'Complete an invitation with a passkey (the link works once) and log in with it',
          body: invitationPasskeySchema,
          response: { 200: sessionResponseSchema, ...errorResponses(400, 409, 410) },
        },
      },
      async (request, reply) => {
        const session = await acceptInvitationWithPasskey(ctx, { ...request.body, ...sessionClientOf(request) });
        const previous = request.cookies[SESSION_COOKIE];
        if (previous) await endSession(ctx, previous);
        setSessionCookie(reply, session.token, session.expiresAt);
        return { user: session.user };
      },
    );
  };
}
