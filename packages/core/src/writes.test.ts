import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isKeptAnswer } from './writes.ts';

describe('answers kept for an Idempotency-Key', () => {
  it('keeps successes and refusals, not the session, the patience, the rate limit or the server', () => {
    expect([200, 201, 204, 400, 403, 404, 409, 410, 422].every(isKeptAnswer)).toBe(true);
    expect([401, 408, 429, 500, 502, 503].some(isKeptAnswer)).toBe(false);
    fc.assert(fc.property(fc.integer({ min: 500, max: 599 }), (status) => !isKeptAnswer(status)));
  });
});
