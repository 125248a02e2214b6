import {
  RECEIPT_MAX_BYTES,
  supplyInputSchema,
  supplyListSchema,
  supplyResponseSchema,
  supplyUpdateSchema,
  taskDoneSchema,
  taskInputSchema,
  taskListSchema,
  taskResponseSchema,
  toKnowSchema,
} from '@rustico/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { requireUser } from '../http/guards.ts';
import { ifMatchVersion } from '../http/if-match.ts';
import { errorResponses, idParams } from '../http/schemas.ts';
import { sendFile } from '../storage/service.ts';
import {
  addTask,
  changeSupply,
  changeTask,
  claim,
  completeTask,
  completionPhoto,
  createSupply,
  removeTask,
  setCompletionPhoto,
  setTaskPhoto,
  supplies,
  taskPhoto,
  tasks,
  toKnow,
  unclaim,
} from './service.ts';

const photoUpload = {
  bodyLimit: RECEIPT_MAX_BYTES,
  consumes: ['image/jpeg', 'image/png', 'image/webp', 'image/heic'],
  body: z.instanceof(Buffer).describe('the photo'),
};

/** Between stays: supplies («Scorte»), work («Lavori»), and Home's «Da sapere». Every member sees them. */
export function upkeepRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Photos arrive as the raw file; what it is, is decided by its content.
    app.addContentTypeParser(/^image\/[\w.+-]+$/, { parseAs: 'buffer', bodyLimit: RECEIPT_MAX_BYTES }, (_request, body, done) => done(null, body));

    app.get(
      '/supplies',
      {
        schema: {
          tags: ['upkeep'],
          summary: "The house's supplies by name (archived ones too with ?archived=true)",
          querystring: z.object({ archived: z.enum(['true', 'false']).default('false') }),
          response: { 200: supplyListSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => supplies(ctx, requireUser(request), request.query.archived === 'true'),
    );

    app.post(
      '/supplies',
      { schema: { tags: ['upkeep'], summary: 'Add a supply (state ok)', body: supplyInputSchema, response: { 201: supplyResponseSchema, ...errorResponses(400, 401) } } },
      async (request, reply) => reply.status(201).send({ supply: await createSupply(ctx, requireUser(request), request.body) }),
    );

    app.put(
      '/supplies/:id',
      {
        schema: {
          tags: ['upkeep'],
          summary: "Mark a supply ok, low or out (anyone; ok ends the claim: it was brought); rename or archive it (its author or an admin). If-Match: the version it was made on",
          params: idParams,
          body: supplyUpdateSchema,
          response: { 200: supplyResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ({ supply: await changeSupply(ctx, requireUser(request), request.params.id, request.body, ifMatchVersion(request)) }),
    );

    app.post(
      '/supplies/:id/claim',
      {
        schema: {
          tags: ['upkeep'],
          summary: '«lo porto io»: I bring it on my next stay; 409 ALREADY_CLAIMED when another member does',
          params: idParams,
          response: { 200: supplyResponseSchema, ...errorResponses(401, 404, 409) },
        },
      },
      async (request) => ({ supply: await claim(ctx, requireUser(request), request.params.id) }),
    );

    app.delete(
      '/supplies/:id/claim',
      {
        schema: { tags: ['upkeep'], summary: 'Take back a claim (the claimer or an admin)', params: idParams, response: { 200: supplyResponseSchema, ...errorResponses(401, 403, 404) } },
      },
      async (request) => ({ supply: await unclaim(ctx, requireUser(request), request.params.id) }),
    );

    app.get(
      '/tasks',
      { schema: { tags: ['upkeep'], summary: 'Open tasks by their window, then the latest done', response: { 200: taskListSchema, ...errorResponses(401) } } },
      async (request) => tasks(ctx, requireUser(request)),
    );

    app.post(
      '/tasks',
      {
        schema: {
          tags: ['upkeep'],
          summary: "Add a task: one-off or yearly, with its window; without assigneeId it is «chi c'è»'s, whoever stays in the window",
          body: taskInputSchema,
          response: { 201: taskResponseSchema, ...errorResponses(400, 401) },
        },
      },
      async (request, reply) => reply.status(201).send({ task: await addTask(ctx, requireUser(request), request.body) }),
    );

    app.put(
      '/tasks/:id',
      {
        schema: {
          tags: ['upkeep'],
          summary: 'Change a task (its author or an admin). If-Match: the version it was made on',
          params: idParams,
          body: taskInputSchema,
          response: { 200: taskResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ({ task: await changeTask(ctx, requireUser(request), request.params.id, request.body, ifMatchVersion(request)) }),
    );

    app.delete(
      '/tasks/:id',
      { schema: { tags: ['upkeep'], summary: 'Delete a task (its author or an admin)', params: idParams, response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) } } },
      async (request, reply) => {
        await removeTask(ctx, requireUser(request), request.params.id, ifMatchVersion(request));
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/tasks/:id/done',
      {
        schema: {
          tags: ['upkeep'],
          summary: 'Done (who and when, an optional note; its photo follows to /api/task-completions/{completionId}/photo): a yearly task comes back next year',
          params: idParams,
          body: taskDoneSchema,
          response: { 200: taskResponseSchema.extend({ completionId: z.string() }), ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) => {
        const { completionId, ...task } = await completeTask(ctx, requireUser(request), request.params.id, request.body, ifMatchVersion(request));
        return { task, completionId };
      },
    );

    app.put(
      '/tasks/:id/photo',
      {
        bodyLimit: RECEIPT_MAX_BYTES,
        schema: {
          tags: ['upkeep'],
          summary: "The task's photo (its author or an admin), re-encoded as WebP without metadata",
          params: idParams,
          ...photoUpload,
          response: { 200: taskResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 503) },
        },
      },
      async (request) => ({ task: await setTaskPhoto(ctx, requireUser(request), request.params.id, request.body) }),
    );

    app.put(
      '/task-completions/:id/photo',
      {
        bodyLimit: RECEIPT_MAX_BYTES,
        schema: {
          tags: ['upkeep'],
          summary: 'The photo of work done (whoever did it or an admin), re-encoded as WebP without metadata',
          params: idParams,
          ...photoUpload,
          response: { 200: taskResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 503) },
        },
      },
      async (request) => ({ task: await setCompletionPhoto(ctx, requireUser(request), request.params.id, request.body) }),
    );

    for (const completion of [false, true]) {
      app.get(
        completion ? '/task-completions/:id/photo' : '/tasks/:id/photo',
        {
          schema: {
            tags: ['upkeep'],
            summary: completion ? 'The photo of work done' : "A task's photo",
            params: idParams,
            produces: ['image/webp'],
            response: { 200: z.any().describe('the photo'), ...errorResponses(401, 404) },
          },
        },
        async (request, reply) => {
          const user = requireUser(request);
          const file = completion ? await completionPhoto(ctx, user, request.params.id) : await taskPhoto(ctx, user, request.params.id);
          return sendFile(reply, file, 'Photo');
        },
      );
    }

    app.get(
      '/to-know',
      {
        schema: {
          tags: ['upkeep'],
          summary: "Home's «Da sapere» from the day before my arrival: handovers since my last stay, my stay's open tasks, what is low that nobody brings",
          response: { 200: toKnowSchema, ...errorResponses(401) },
        },
      },
      async (request) => toKnow(ctx, requireUser(request)),
    );
  };
}
