import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/** No request of the app nests deeper than a few levels; 64 leaves room and stops stack-deep bodies. */
const MAX_DEPTH = 64;

/** How deeply a JSON text nests objects and arrays, counted outside strings in one pass. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') deepest = Math.max(deepest, ++depth);
    else if (c === '}' || c === ']') depth -= 1;
  }
  return deepest;
}

/**
 * JSON bodies keep Fastify's parser (prototype-poisoning checks included) but are
 * refused when nested deeper than MAX_DEPTH: code that walks a body recursively
 * (hashing it for an Idempotency-Key, validating it) would otherwise overflow the stack.
 */
export function registerJsonDepthLimit(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepth(body as string) > MAX_DEPTH) {
      done(new AppError(400, 'INVALID_JSON', `The body nests deeper than ${MAX_DEPTH} levels`), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
