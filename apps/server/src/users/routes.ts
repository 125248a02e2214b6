import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/guards.ts';
import type { AppContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { errorResponses } from '../http/schemas.ts';
import { readPhoto } from './photo-store.ts';
import { findUserById } from './repository.ts';

export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
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
