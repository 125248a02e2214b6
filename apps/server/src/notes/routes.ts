import { latestNoteSchema, noteInputSchema, noteResponseSchema, notesPageSchema, notesQuerySchema } from '@rustico/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../http/guards.ts';
import { ifMatchVersion } from '../http/if-match.ts';
import type { AppContext } from '../context.ts';
import { errorResponses, idParams } from '../http/schemas.ts';
import { createNote, deleteNote, latestNote, notesPage, setReaction } from './service.ts';


export function noteRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/notes',
      {
        schema: {
          tags: ['notes'],
          summary: 'The notes board, newest first, a page at a time',
          querystring: notesQuerySchema,
          response: { 200: notesPageSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => notesPage(ctx, requireUser(request), request.query.limit, request.query.before),
    );

    app.get(
      '/notes/latest',
      { schema: { tags: ['notes'], summary: 'The newest note, for Home', response: { 200: latestNoteSchema, ...errorResponses(401) } } },
      async (request) => ({ note: await latestNote(ctx, requireUser(request)) }),
    );

    app.post(
      '/notes',
      {
        schema: {
          tags: ['notes'],
          summary: 'Write a note (1 to 2000 characters, trimmed)',
          body: noteInputSchema,
          response: { 201: noteResponseSchema, ...errorResponses(400, 401) },
        },
      },
      async (request, reply) => reply.status(201).send({ note: await createNote(ctx, requireUser(request), request.body) }),
    );

    app.delete(
      '/notes/:id',
      {
        schema: { tags: ['notes'], summary: 'Delete one of my notes', params: idParams, response: { 204: z.null(), ...errorResponses(401, 403, 404) } },
      },
      async (request, reply) => {
        await deleteNote(ctx, requireUser(request), request.params.id, ifMatchVersion(request));
        return reply.status(204).send(null);
      },
    );

    app.put(
      '/notes/:id/reactions/me',
      {
        schema: { tags: ['notes'], summary: 'Thumbs-up a note', params: idParams, response: { 200: noteResponseSchema, ...errorResponses(401, 404) } },
      },
      async (request) => ({ note: await setReaction(ctx, requireUser(request), request.params.id, true) }),
    );

    app.delete(
      '/notes/:id/reactions/me',
      {
        schema: { tags: ['notes'], summary: 'Take back my thumbs-up', params: idParams, response: { 200: noteResponseSchema, ...errorResponses(401, 404) } },
      },
      async (request) => ({ note: await setReaction(ctx, requireUser(request), request.params.id, false) }),
    );
  };
}
