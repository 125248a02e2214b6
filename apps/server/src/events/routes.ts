import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/guards.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../http/schemas.ts';
import type { Delivered } from './hub.ts';

/** A comment line now and then keeps proxies and phones from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

export function eventRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const open = new Set<() => void>();
    app.addHook('preClose', async () => {
      for (const close of open) close();
    });

    app.get(
      '/events',
      {
        schema: {
          tags: ['events'],
          summary: 'Server-Sent Events: small notices of what changed (one stream per tab)',
          querystring: z.object({ lastEventId: z.string().max(100).optional() }),
          produces: ['text/event-stream'],
          response: { 200: z.any().describe('text/event-stream'), ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
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
        const unsubscribe = ctx.hub.subscribe({ id: user.id, hidden: user.hidden }, send, lastEventId, () => close());
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
