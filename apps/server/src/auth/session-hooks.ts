import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { SESSION_COOKIE } from '../http/guards.ts';
import { browserLanguage } from '../http/reader-language.ts';
import { resolveSession, sessionMember, type SessionClient } from './service.ts';

export function setSessionCookie(reply: FastifyReply, token: string, expires: Date): void {
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: 'auto', expires });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: 'auto' });
}

/** What a new session keeps of the browser that opens it. */
export function sessionClientOf(request: FastifyRequest): SessionClient {
  return { userAgent: request.headers['user-agent'] ?? null, language: browserLanguage(request) ?? null };
}

/** Resolves the session cookie of every API request once, before any route runs. */
export function registerSessionResolution(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('user', null);
  // A callback hook: a request without a session to look up passes without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    const token = request.url.startsWith('/api/') && !request.routeOptions.config.withoutSession ? request.cookies[SESSION_COOKIE] : undefined;
    if (!token) return done();
    resolveSession(ctx, token, browserLanguage(request)).then((session) => {
      if (!session) clearSessionCookie(reply);
      else {
        request.user = session.user;
        if (session.renewedUntil) setSessionCookie(reply, token, session.renewedUntil);
      }
      done();
    }, done);
  });
}

/** The member whose session cookie a page request carries, with their language (the web app's pages). */
export function sessionMemberOf(ctx: AppContext): (request: FastifyRequest) => Promise<{ id: string; language: string | null } | null> {
  return async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    return token ? sessionMember(ctx, token) : null;
  };
}
