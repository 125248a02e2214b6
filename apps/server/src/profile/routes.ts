import { PHOTO_MAX_BYTES, passwordChangeSchema, profileLanguageSchema, profileUpdateSchema, sessionResponseSchema } from '@rustico/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION_COOKIE, requireUser } from '../http/guards.ts';
import { ifMatchVersion } from '../http/if-match.ts';
import { changeOwnPassword } from '../auth/service.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../http/schemas.ts';
import { changeOwnName, findUserById, setUserPhoto, toSessionUser, updateLanguage } from '../users/service.ts';

/** My own profile: a member changes only their own name, photo and language. */
export function profileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Photos arrive as the raw file; the content is checked, not the declared type.
    app.addContentTypeParser(/^image\/[\w.+-]+$/, { parseAs: 'buffer', bodyLimit: PHOTO_MAX_BYTES }, (_request, body, done) => done(null, body));

    const announce = (userId: string, hidden: boolean) => ctx.events.publish({ type: 'user', action: 'updated', id: userId }, { ownerId: userId, ownerHidden: hidden });

    app.get(
      '/profile',
      { schema: { tags: ['profile'], summary: 'My profile', response: { 200: sessionResponseSchema, ...errorResponses(401) } } },
      async (request) => ({ user: requireUser(request) }),
    );

    app.put(
      '/profile',
      {
        schema: {
          tags: ['profile'],
          summary: 'Change my display name',
          body: profileUpdateSchema,
          response: { 200: sessionResponseSchema, ...errorResponses(400, 401, 409) },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const updated = await changeOwnName(ctx, user, request.body.name, ifMatchVersion(request));
        announce(user.id, user.hidden);
        return { user: toSessionUser(updated) };
      },
    );

    app.put(
      '/profile/language',
      {
        schema: {
          tags: ['profile'],
          summary: 'Choose my language: the app on every device and my notifications speak it',
          body: profileLanguageSchema,
          response: { 200: sessionResponseSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        const user = requireUser(request);
        await updateLanguage(ctx.db, user.id, request.body.language);
        announce(user.id, user.hidden);
        return { user: toSessionUser((await findUserById(ctx.db, user.id))!) };
      },
    );

    app.put(
      '/profile/password',
      {
        schema: {
          tags: ['profile'],
          summary: 'Change my password; my other sessions end. A wrong current password counts as a failed login',
          body: passwordChangeSchema,
          response: { 204: z.null(), ...errorResponses(400, 401, 429) },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        await changeOwnPassword(ctx, user, request.cookies[SESSION_COOKIE]!, request.body, request.ip);
        return reply.status(204).send(null);
      },
    );

    app.put(
      '/profile/photo',
      {
        bodyLimit: PHOTO_MAX_BYTES,
        schema: {
          tags: ['profile'],
          summary:
            "Replace my photo (JPEG, PNG, WebP, HEIC or GIF up to 15 MB; stored as a 512 px WebP without metadata); 409 past my or the house's storage budget, 503 while other pictures are read",
          consumes: ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/gif'],
          body: z.instanceof(Buffer).describe('the image file'),
          response: { 200: sessionResponseSchema, ...errorResponses(400, 401, 409, 413, 415, 503) },
        },
      },
      async (request) => {
        const user = requireUser(request);
        await setUserPhoto(ctx, user.id, request.body);
        announce(user.id, user.hidden);
        return { user: toSessionUser((await findUserById(ctx.db, user.id))!) };
      },
    );
  };
}
