import { memberDirectorySchema } from '@rustico/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../http/guards.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../http/schemas.ts';
import { sendFile } from '../storage/service.ts';
import { getUserPhoto, memberDirectory } from './service.ts';

export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/members/directory',
      {
        schema: {
          tags: ['users'],
          summary: 'The enabled members by name (id, name, colour), to give a stay to or swap with; hidden accounts only for hidden accounts',
          response: { 200: memberDirectorySchema, ...errorResponses(401) },
        },
      },
      async (request) => ({ members: await memberDirectory(ctx.db, requireUser(request)) }),
    );

    app.get(
      '/users/:id/photo',
      {
        schema: {
          tags: ['users'],
          summary: "A member's profile photo (members only; a hidden account's only for hidden accounts and superadmins)",
          params: z.object({ id: z.string().min(1).max(100) }),
          produces: ['image/webp'],
          response: { 200: z.any().describe('The photo as WebP'), ...errorResponses(401, 404) },
        },
      },
      async (request, reply) => {
        const viewer = requireUser(request);
        // The URL names the photo's version, so it never changes under the same address.
        return sendFile(reply, await getUserPhoto(ctx.db, viewer, request.params.id), 'Photo');
      },
    );
  };
}
