import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { runWithCommitMark, type CommitMark } from '../db/commit-marks.ts';
import { appliedMark, claimKey, finishClaim, parseIdempotencyKey, requestFingerprint } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request claimed, until its answer is stored. */
    idempotency: { key: string; claimedAt: string; mark: CommitMark } | null;
    /** The body as the caller sent it, before validation trimmed or dropped anything. */
    bodyAsSent: unknown;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const ifMatchHeader = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(',') : value);

/**
 * Every write under /api accepts an Idempotency-Key: the same key from the same member within
 * seven days gets the first answer again and writes nothing. Keys are scoped to the logged-in
 * member; a write without a session has no one to scope them to and runs as usual. The route
 * runs with a commit mark: each of its writes marks the claim applied in its own transaction,
 * so a crash before the answer is stored never lets a resend write again.
 */
export function registerIdempotency(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('idempotency', null);
  app.decorateRequest('bodyAsSent', undefined);
  // The same key with another body is a mistake even where validation would make the two alike
  // (a trimmed text, a field it drops): the fingerprint is of the body as sent.
  app.addHook('preValidation', (request, _reply, done) => {
    if (WRITES.has(request.method) && request.headers['idempotency-key'] !== undefined) request.bodyAsSent = request.body;
    done();
  });
  // Callback hooks that go async only for a write with a key: every other request passes without a promise.
  app.addHook('preHandler', (request, reply, done) => {
    const key = WRITES.has(request.method) && request.url.startsWith('/api/') && request.user ? parseIdempotencyKey(request.headers['idempotency-key']) : null;
    if (!key) return done();
    const userId = request.user!.id;
    claimKey(ctx, userId, key, requestFingerprint(request.method, request.url, request.bodyAsSent, ifMatchHeader(request.headers['if-match']))).then((claim) => {
      if (claim.kind === 'claimed') {
        const mark = appliedMark(ctx, userId, key, claim.claimedAt);
        request.idempotency = { key, claimedAt: claim.claimedAt, mark };
        // The handler runs inside: every write it commits carries the mark.
        return runWithCommitMark(mark, done);
      }
      const { status, type, body } = claim.response;
      reply.header('idempotent-replayed', 'true');
      if (type) reply.header('content-type', type);
      void reply.status(status).send(body ?? undefined);
    }, done);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.idempotency || !request.user) return done(null, payload);
    void storeAnswer(request, reply, payload).then(() => done(null, payload));
  });

  async function storeAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<void> {
    const { key, claimedAt, mark } = request.idempotency!;
    request.idempotency = null;
    mark.active = false;
    const storable = payload === null || payload === undefined || typeof payload === 'string';
    const type = reply.getHeader('content-type');
    await finishClaim(
      ctx,
      request.user!.id,
      key,
      claimedAt,
      storable ? { status: reply.statusCode, type: typeof type === 'string' ? type : null, body: (payload as string | null | undefined) ?? null } : null,
    ).catch((error: unknown) => request.log.error({ err: error }, 'idempotency: could not store the response'));
  }
}
