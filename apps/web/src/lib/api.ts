import { apiErrorSchema, type ErrorCode } from '@rustico/core';
import type { z } from 'zod';
import { CACHED_AT_HEADER } from '../offline/freshness-header.ts';
import { noteAnswerFreshness } from '../offline/freshness.ts';
import { ApiError, networkError } from './api-error.ts';

export { ApiError, isApiError } from './api-error.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The ApiError for a non-2xx response, from its `{ error: {...} }` body. */
export async function errorFrom(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) {
    const { code, message, field, retryAfterSeconds, details } = parsed.data.error;
    return new ApiError({ status: response.status, code, message, field, retryAfterSeconds, details });
  }
  const retryHeader = Number(response.headers.get('retry-after'));
  const code: ErrorCode = response.status === 401 ? 'UNAUTHENTICATED' : 'INTERNAL';
  return new ApiError({
    status: response.status,
    code,
    retryAfterSeconds: Number.isFinite(retryHeader) && retryHeader > 0 ? retryHeader : undefined,
  });
}

/** Validates a response: throws ApiError for non-2xx, parses the body with `schema` (null: ignore it). */
export async function parseResponse<T>(response: Response, schema: z.ZodType<T> | null): Promise<T> {
  if (!response.ok) throw await errorFrom(response);
  if (schema === null || response.status === 204) return undefined as T;
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    throw new ApiError({ status: response.status, code: 'INTERNAL', message: 'Invalid JSON response' });
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError({ status: response.status, code: 'INTERNAL', message: 'Unexpected response shape' });
  }
  return parsed.data;
}

async function request<T>(
  method: Method,
  path: string,
  schema: z.ZodType<T> | null,
  body: unknown,
  signal: AbortSignal | undefined,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
  const init: RequestInit = { method, credentials: 'same-origin', headers, signal: signal ?? null };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(`/api${path}`, init);
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw networkError();
  }
  if (method === 'GET') noteAnswerFreshness(response.headers.get(CACHED_AT_HEADER));
  return parseResponse(response, schema);
}

interface Options {
  signal?: AbortSignal | undefined;
  headers?: Record<string, string>;
}

/**
 * JSON client for the same-origin `/api` (paths without the `/api` prefix).
 * Responses are validated with the given zod schema; `null` ignores the body
 * (e.g. 204). Writes always send a JSON body; DELETE sends none.
 */
export const api = {
  get<T>(path: string, schema: z.ZodType<T>, options?: Options): Promise<T> {
    return request('GET', path, schema, undefined, options?.signal);
  },
  post<T>(path: string, body: unknown, schema: z.ZodType<T> | null, options?: Options): Promise<T> {
    return request('POST', path, schema, body ?? {}, options?.signal, options?.headers);
  },
  put<T>(path: string, body: unknown, schema: z.ZodType<T> | null, options?: Options): Promise<T> {
    return request('PUT', path, schema, body ?? {}, options?.signal, options?.headers);
  },
  patch<T>(path: string, body: unknown, schema: z.ZodType<T> | null, options?: Options): Promise<T> {
    return request('PATCH', path, schema, body ?? {}, options?.signal, options?.headers);
  },
  delete<T = void>(path: string, schema: z.ZodType<T> | null = null, options?: Options): Promise<T> {
    return request('DELETE', path, schema, undefined, options?.signal, options?.headers);
  },
};
