import type { ErrorCode, ErrorDetail } from '@rustico/core';

/**
 * Every failed API call. `status` 0 means the network failed before an answer
 * came. Kept free of zod so the /login critical path can use it.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  /** Figures the message shows (QUOTA_EXCEEDED's used and remaining nights, NOT_YOUR_TURN's member…). */
  readonly details: Readonly<Record<string, ErrorDetail>> | undefined;

  constructor(options: {
    status: number;
    code: ErrorCode;
    message?: string | undefined;
    field?: string | undefined;
    retryAfterSeconds?: number | undefined;
    details?: Readonly<Record<string, ErrorDetail>> | undefined;
  }) {
    super(options.message ?? options.code);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function networkError(): ApiError {
  return new ApiError({ status: 0, code: 'INTERNAL', message: 'Network error' });
}
