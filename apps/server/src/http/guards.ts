import { isAdmin, isSuperadmin, type SessionUser } from '@rustico/core';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthenticated } from './errors.ts';

/** The cookie that carries a member's session (auth/ sets it and resolves it on every request). */
export const SESSION_COOKIE = 'rustico_session';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    /** The route never asks who is calling: its cookie is not looked up. */
    withoutSession?: boolean;
  }
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

export function requireAdmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (!isAdmin(user.role)) throw forbidden();
  return user;
}

export function requireSuperadmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (!isSuperadmin(user.role)) throw forbidden();
  return user;
}
