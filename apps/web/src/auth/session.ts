import type { SessionResponse, SessionUser } from '@rustico/core';
import { networkError } from '../lib/api-error.ts';
import { takePageAnswer } from '../lib/page-answers.ts';

/**
 * The session check on the critical path of every page. Free of TanStack
 * Query: a logged-out visitor (401) costs one small request and no extra JS;
 * only a 200 loads the API client to read the user.
 */

/** Route id of the logged-in layout; its loader returns the user. */
export const APP_ROUTE_ID = 'app';

/** How long a known answer is reused, so `/` → `/app` or login → `/app` does not ask twice. */
const REUSE_MS = 5_000;

let known: { user: SessionUser | null; at: number } | null = null;

/** Records a session answer learnt elsewhere (login, setup, logout). */
export function rememberSession(user: SessionUser | null): void {
  known = { user, at: Date.now() };
}

/** Drops any remembered answer. */
export function forgetSession(): void {
  known = null;
}

/** The logged-in user, or null (401). Other failures throw ApiError. */
export async function probeSession(signal?: AbortSignal): Promise<SessionUser | null> {
  if (known && Date.now() - known.at < REUSE_MS) return known.user;
  const answer = takePageAnswer('/api/session') as SessionResponse | undefined;
  if (answer) {
    rememberSession(answer.user);
    return answer.user;
  }
  let response: Response;
  try {
    response = await fetch('/api/session', {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      signal: signal ?? null,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw networkError();
  }
  if (response.status === 401) {
    rememberSession(null);
    return null;
  }
  const { parseResponse } = await import('../lib/api.ts');
  const { user } = await parseResponse<SessionResponse>(response);
  rememberSession(user);
  return user;
}

