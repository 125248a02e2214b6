import { colourSchema, roleSchema } from '@rustico/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requireUser } from '../auth/guards.ts';
import type { AppContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { errorResponses } from '../http/schemas.ts';
import { readPhoto } from './photo-store.ts';
import { findUserById, listUsers } from './repository.ts';
import { photoUrlOf } from './service.ts';

const memberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  colour: colourSchema,
  hidden: z.boolean(),
  disabled: z.boolean(),
  photoUrl: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
});

export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users',
      {
        schema: {
          tags: ['users'],
          summary: 'All members of the house (admins)',
          response: { 200: z.object({ users: z.array(memberSchema) }), ...errorResponses(401, 403) },
        },
      },
      async (request) => {
        const viewer = requireAdmin(request);
        const rows = await listUsers(ctx.db);
        return {
          users: rows
            .filter((row) => viewer.hidden || row.hidden === 0 || row.id === viewer.id)
            .map((row) => ({
              id: row.id,
              name: row.name,
              email: row.email,
              role: row.role,
              colour: row.colour,
              hidden: row.hidden === 1,
              disabled: row.disabled === 1,
              photoUrl: photoUrlOf(row),
              lastSeenAt: row.lastSeenAt,
            })),
        };
      },
    );

    app.get(
      '/users/:id/photo',
      {
        schema: {
          tags: ['users'],
          summary: "A member's profile photo (members only)",
          params: z.object({ id: z.string().min(1).max(100) }),
          produces: ['image/webp'],
          response: { 200: z.any().describe('The photo as WebP'), ...errorResponses(401, 404) },
        },
      },
      async (request, reply) => {
        requireUser(request);
        const user = await findUserById(ctx.db, request.params.id);
        const photo = user?.photo ? await readPhoto(ctx.config.dataDir, user.photo) : null;
        if (!photo) throw notFound('Photo');
        // The URL names the photo's version, so it never changes under the same address.
        return reply
          .header('content-type', 'image/webp')
          .header('cache-control', 'private, max-age=31536000, immutable')
          .send(photo);
      },
    );
  };
}
