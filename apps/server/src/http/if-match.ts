import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * The version an edit or delete was made on: `If-Match: 3` (or an entity tag around it, `"3"`,
 * `W/"3"`). Absent, the write applies to whatever is current, as before versions existed (the
 * command line, older clients).
 */
export function ifMatchVersion(request: FastifyRequest): number | undefined {
  const header = request.headers['if-match'];
  if (header === undefined) return undefined;
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(String(header).trim());
  if (!match) throw new AppError(400, 'VALIDATION', 'If-Match must be the version the edit was made on, e.g. If-Match: 3', 'If-Match');
  return Number(match[1]);
}
