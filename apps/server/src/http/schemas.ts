import { apiErrorSchema } from '@rustico/core';
import { z } from 'zod';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';
import { AppError } from './errors.ts';

/** The error responses a route may answer with, for the OpenAPI document. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema]));
}

/** The path parameter of a route about one thing (`/bookings/:id`): ids are UUIDs, or an imported app's strings. */
export const idParams = z.object({ id: z.string().min(1).max(100) });
/** Where a NUL is in a validated value (`ids.0`), or null; keys count too. Buffers are bytes, not text. */
function nulIn(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return at;
    const found = nulIn(item, at);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Every route's zod validation (body, query, path, headers), then no NUL in any string of what
 * it let through: free texts have theirs stripped by the schema (normalizeText), and in anything
 * else (an id, a key, a password) a NUL is a mistake that PostgreSQL answers with an error.
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data) => {
    const result = validate(data) as { value?: unknown; error?: Error };
    const nul = result.error ? null : nulIn(result.value, '');
    return nul === null ? result : { error: new AppError(400, 'VALIDATION', 'Text may not contain the NUL character', nul || undefined) };
  };
};
