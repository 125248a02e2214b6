import { describe, expect, it } from 'vitest';
import { errorCodes, isErrorCode } from './errors.ts';

describe('isErrorCode', () => {
  it('knows every API code and nothing else', () => {
    for (const code of errorCodes) expect(isErrorCode(code)).toBe(true);
    for (const other of ['validation', 'NOPE', '', null, undefined, 42, { code: 'VALIDATION' }]) expect(isErrorCode(other)).toBe(false);
  });
});
