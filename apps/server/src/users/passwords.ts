import type { Config, PasswordHashCost } from '../config.ts';

/** What hashing a new password needs of the context: the cost, a config value. */
export interface PasswordHashing {
  config: Pick<Config, 'passwordHash'>;
}

// @node-rs/argon2 hashes with argon2id. It is loaded with the first login, not at start.
const argon2 = () => import('@node-rs/argon2');

export async function hashPassword(password: string, cost: PasswordHashCost): Promise<string> {
  return (await argon2()).hash(password, { memoryCost: cost.memoryKib, timeCost: cost.iterations, parallelism: 1 });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await (await argon2()).verify(passwordHash, password);
  } catch {
    return false;
  }
}
