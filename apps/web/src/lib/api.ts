import { isErrorCode, isKeptAnswer, type ApiErrorBody, type ErrorCode } from '@rustico/core';
import type { z } from 'zod';
import { CACHED_AT_HEADER } from './freshness-header.ts';
import { noteAnswerFreshness } from './freshness.ts';
import { ApiError, isApiError, networkError } from './api-error.ts';
import { apiAddress } from './api-paths.ts';
import { takePageAnswer } from './page-answers.ts';
import { keyForWrite, writeAnswered, writeFingerprint } from './write-keys.ts';

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
  const error = errorBody(body);
  if (error) {
    const { code, message, field, retryAfterSeconds, details } = error;
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

/**
 * What the server answers for one of core's response schemas. The server writes every answer
 * from that schema (only its fields, in its types), so the web app takes the type and does not
 * check each answer again: that check brought zod and every schema into each screen's first paint.
 */
export type Answer<Schema extends z.ZodType> = z.output<Schema>;

/** The `{ error: {...} }` of a failed request, when the body is one. */
function errorBody(body: unknown): ApiErrorBody['error'] | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const { error } = body as { error: unknown };
  if (typeof error !== 'object' || error === null) return undefined;
  const { code } = error as { code?: unknown };
  return isErrorCode(code) ? (error as ApiErrorBody['error']) : undefined;
}

/** Throws ApiError for non-2xx; otherwise the JSON body (nothing for 204, or when `T` is void). */
export async function parseResponse<T = void>(response: Response): Promise<T> {
  if (!response.ok) throw await errorFrom(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (text === '') return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError({ status: response.status, code: 'INTERNAL', message: 'Invalid JSON response' });
  }
}

async function request<T>(
  method: Method,
  path: string,
  body: unknown,
  signal: AbortSignal | undefined,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  if (method === 'GET') {
    const answer = takePageAnswer(apiAddress(path));
    if (answer !== undefined) {
      noteAnswerFreshness(null);
      return answer as T;
    }
  }
  const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
  const init: RequestInit = { method, credentials: 'same-origin', headers, signal: signal ?? null };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  if (method === 'GET') {
    const response = await send(path, init, signal);
    noteAnswerFreshness(response.headers.get(CACHED_AT_HEADER));
    return parseResponse<T>(response);
  }
  return parseResponse<T>(await sendWrite(method, path, body, init, signal));
}

async function send(path: string, init: RequestInit, signal: AbortSignal | undefined): Promise<Response> {
  try {
    return await fetch(apiAddress(path), init);
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw networkError();
  }
}

/**
 * Every write goes with an Idempotency-Key, one per user action (lib/write-keys.ts): a second tap
 * or a retry is the same write to the server, done once. A caller that keeps its own key (the
 * outbox) names it in the headers.
 */
async function sendWrite(method: Method, path: string, body: unknown, init: RequestInit, signal: AbortSignal | undefined): Promise<Response> {
  const headers = init.headers as Record<string, string>;
  if (headers['Idempotency-Key']) return send(path, init, signal);
  const fingerprint = writeFingerprint(method, path, body, headers['If-Match']);
  headers['Idempotency-Key'] = keyForWrite(fingerprint);
  const response = await send(path, init, signal);
  if (isKeptAnswer(response.status)) writeAnswered(fingerprint, response.ok);
  return response;
}

/** Sends a file as it is, with its own Content-Type (the server checks the content); a write like any other. */
export async function upload<T>(method: 'PUT' | 'POST', path: string, file: Blob, contentType: string): Promise<T> {
  const init: RequestInit = { method, credentials: 'same-origin', headers: { Accept: 'application/json', 'Content-Type': contentType }, body: file };
  return parseResponse<T>(await sendWrite(method, path, file, init, undefined));
}

/** The headers of an edit or delete made on `version` of a thing: a newer one answers 409 STALE_EDIT. */
export const ifMatch = (version: number) => ({ headers: { 'If-Match': String(version) } });

/** What a refused stale edit carries: the thing as it is now, and who changed it last and when. */
export function staleEditOf<T>(error: unknown): { current: T; changedByName: string | null; changedAt: string | null } | null {
  if (!isApiError(error) || error.code !== 'STALE_EDIT' || !error.details) return null;
  const { current, changedByName, changedAt } = error.details;
  return { current: current as T, changedByName: typeof changedByName === 'string' ? changedByName : null, changedAt: typeof changedAt === 'string' ? changedAt : null };
}

interface Options {
  signal?: AbortSignal | undefined;
  headers?: Record<string, string>;
}

/**
 * JSON client for the same-origin `/api` (paths without the `/api` prefix). `T` is what the
 * route answers (`Answer<typeof someResponseSchema>`); writes without it expect no body back.
 * Writes always send a JSON body; DELETE sends none.
 */
export const api = {
  get<T>(path: string, options?: Options): Promise<T> {
    return request<T>('GET', path, undefined, options?.signal);
  },
  post<T = void>(path: string, body: unknown, options?: Options): Promise<T> {
    return request<T>('POST', path, body ?? {}, options?.signal, options?.headers);
  },
  put<T = void>(path: string, body: unknown, options?: Options): Promise<T> {
    return request<T>('PUT', path, body ?? {}, options?.signal, options?.headers);
  },
  patch<T = void>(path: string, body: unknown, options?: Options): Promise<T> {
    return request<T>('PATCH', path, body ?? {}, options?.signal, options?.headers);
  },
  delete<T = void>(path: string, options?: Options): Promise<T> {
    return request<T>('DELETE', path, undefined, options?.signal, options?.headers);
  },
};
