import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION_COOKIE, requireUser } from '../http/guards.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../http/schemas.ts';
import type { Delivered } from './hub.ts';

/** A comment line now and then keeps proxies and phones from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
/** Tabs share one stream; a person with phone, tablet and laptop stays far below this. */
export const MAX_STREAMS_PER_USER = 20;

/** What the stream needs of the sessions (auth/ keeps them; app.ts hands them over). */
export interface StreamSessions {
  /** The id under which a session token is stored. */
  idOf: (token: string) => string;
  /** Which of these sessions still live, and whether each one's member is hidden. */
  live: (ids: string[]) => Promise<Map<string, { hidden: boolean }>>;
}

export function eventRoutes(ctx: AppContext, sessions: StreamSessions): FastifyPluginAsyncZod {
  return async (app) => {
    const open = new Set<() => void>();
    // Before each event, and now and then without one, the streams' sessions are read again:
    // a session ended by another process (the CLI) ends its streams too.
    ctx.hub.checkSessionsWith(sessions.live);
    const sweep = setInterval(() => void ctx.hub.recheckSessions(), HEARTBEAT_MS);
    sweep.unref();
    app.addHook('preClose', async () => {
      clearInterval(sweep);
      for (const close of open) close();
    });

    app.get(
      '/events/streams',
      {
        schema: {
          tags: ['events'],
          summary: 'How many live streams my account holds on this server process (the tabs of a browser share one)',
          response: { 200: z.object({ open: z.number().int() }), ...errorResponses(401) },
        },
      },
      async (request) => ({ open: ctx.hub.streamsOf(requireUser(request).id).length }),
    );

    app.get(
      '/events',
      {
        schema: {
          tags: ['events'],
          summary: 'Server-Sent Events: small notices of what changed (one stream per browser, shared by its tabs)',
          querystring: z.object({ lastEventId: z.string().max(100).optional() }),
          produces: ['text/event-stream'],
          response: { 200: z.any().describe('text/event-stream'), ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const sessionId = sessions.idOf(request.cookies[SESSION_COOKIE]!);
        // One member cannot hold all of the server's connections: the oldest streams give way.
        const mine = ctx.hub.streamsOf(user.id);
        for (const closeOldest of mine.slice(0, Math.max(0, mine.length - MAX_STREAMS_PER_USER + 1))) closeOldest();
        const lastEventId = (request.headers['last-event-id'] as string | undefined) ?? request.query.lastEventId;
        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        // Browsers reconnect after this many ms; a first comment opens the stream at once.
        res.write('retry: 2000\n: connected\n\n');
        const send = ({ id, event }: Delivered) => res.write(`id: ${id}\ndata: ${JSON.stringify(event)}\n\n`);
        const unsubscribe = ctx.hub.subscribe({ id: user.id, hidden: user.hidden, sessionId }, send, lastEventId, () => close());
        const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
        const socket = request.raw.socket;
        const close = () => {
          if (!open.delete(close)) return;
          clearInterval(heartbeat);
          unsubscribe();
          // The socket served only this stream; kept alive, it would hold up shutdown.
          socket.destroy();
        };
        open.add(close);
        res.on('close', close);
      },
    );
  };
}
