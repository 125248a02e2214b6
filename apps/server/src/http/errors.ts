import { errorCodeSchema, type ErrorCode, type ErrorDetail } from '@rustico/core';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { uniqueViolation } from '../db/constraints.ts';

/** A refusal the caller can act on: status, stable code, optional field. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    readonly retryAfterSeconds?: number,
    /** Figures the message needs (the quota's used and remaining nights, …). */
    readonly details?: Record<string, ErrorDetail>,
  ) {
    super(message);
  }
}

export const unauthenticated = () => new AppError(401, 'UNAUTHENTICATED', 'Not logged in');
export const forbidden = () => new AppError(403, 'FORBIDDEN', 'Not allowed');
export const notFound = (what = 'Resource') => new AppError(404, 'NOT_FOUND', `${what} not found`);

/**
 * An edit or delete made on a version that is no longer current (If-Match): nothing changed. The
 * editor gets the thing as it is now and who changed it last, to choose whose values stay.
 */
export const staleEdit = (current: Record<string, unknown>, last: { changedByName: string | null; changedAt: string | null }) =>
  new AppError(409, 'STALE_EDIT', 'It changed since this edit was made on it', undefined, undefined, { current, ...last });

/** The body of every refusal; also what an Idempotency-Key stores for an answer it lost. */
export function errorBody(code: ErrorCode, message: string, field?: string, retryAfterSeconds?: number, details?: Record<string, ErrorDetail>) {
  return { error: { code, message, ...(field ? { field } : {}), ...(retryAfterSeconds ? { retryAfterSeconds } : {}), ...(details ? { details } : {}) } };
}

const fastifyCodes: Record<string, { status: number; code: ErrorCode }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'BODY_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'INVALID_JSON' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'INVALID_JSON' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'INVALID_JSON' },
};

/** Every failure leaves as `{ error: { code, message, field? } }`; only real bugs are 500s. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.status).send(errorBody(error.code, error.message, error.field, error.retryAfterSeconds, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
      // Shared schemas name their own code as the message (e.g. INVALID_DATE); others are VALIDATION.
      const named = errorCodeSchema.safeParse(first?.message);
      const code = named.success ? named.data : 'VALIDATION';
      return reply.status(400).send(errorBody(code, first?.message ?? 'Invalid request', field));
    }
    const known = error.code ? fastifyCodes[error.code] : undefined;
    if (known) return reply.status(known.status).send(errorBody(known.code, error.message));
    if (error instanceof SyntaxError) return reply.status(400).send(errorBody('INVALID_JSON', 'Body is not valid JSON'));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(errorBody('VALIDATION', error.message));
    }
    // Two requests wrote the same thing at once and the database kept one: the other is told so,
    // never a 500. Services that know what the clash means answer with their own code first.
    const clash = uniqueViolation(error);
    if (clash) {
      request.log.warn({ table: clash.table, columns: clash.columns }, 'unique constraint clash');
      return reply.status(409).send(errorBody('ALREADY_EXISTS', `This was saved meanwhile by another request (${clash.table})`));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL', 'Internal error'));
  });
}
