import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per finished request, not Fastify's two (received, completed)
 * with whole request and reply objects: method, route pattern (never a token
 * that sits in a path), status and milliseconds.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? request.url.split('?')[0],
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request failed');
    else reply.log.info(line, 'request');
  }
}
