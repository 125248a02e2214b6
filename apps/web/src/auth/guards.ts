import { redirect, type LoaderFunction } from 'react-router';
import type { SessionUser } from '@rustico/core';
import { probeSession } from './session.ts';

async function sessionOrNull(): Promise<SessionUser | null> {
  try {
    return await probeSession();
  } catch {
    // Server unreachable: treat as logged out rather than failing the public pages.
    return null;
  }
}

/** `/`: to /app when logged in, to /login otherwise. */
export const rootRedirect: LoaderFunction = async () => redirect((await sessionOrNull()) ? '/app' : '/login');

/** `/login`: a logged-in user goes straight to /app. */
export const redirectIfLoggedIn: LoaderFunction = async () => ((await sessionOrNull()) ? redirect('/app') : null);
