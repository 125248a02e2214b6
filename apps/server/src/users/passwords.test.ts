import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { FAST_PASSWORD_HASH } from '../test/test-app.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('password hashing', () => {
  it('hashes with argon2id at OWASP’s cost unless configured otherwise', async () => {
    const hash = await hashPassword('montagna-2026', loadConfig({}).passwordHash);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'montagna-2026')).toBe(true);
    expect(await verifyPassword(hash, 'montagna-2027')).toBe(false);
  });

  it('verifies a hash by the cost it was made with, so a changed setting keeps every password working', async () => {
    const cheap = await hashPassword('montagna-2026', loadConfig({ PASSWORD_HASH_MEMORY_KIB: '64', PASSWORD_HASH_ITERATIONS: '3' }).passwordHash);
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=64,t=3,p=1\$/);
    expect(await verifyPassword(cheap, 'montagna-2026')).toBe(true);
    expect(await hashPassword('x', FAST_PASSWORD_HASH)).toMatch(/\$m=8,t=1,p=1\$/);
    expect(await verifyPassword('not a hash', 'montagna-2026')).toBe(false);
  });
});
