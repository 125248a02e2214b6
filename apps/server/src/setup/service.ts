import { createHash, randomBytes } from 'node:crypto';
import type { SetupRequest } from '@rustico/core';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { getSetting, putSetting, takeSetting } from '../db/settings.ts';
import { countUsers, createUser } from '../users/service.ts';
import type { UserRow } from '../users/service.ts';

const SETUP_TOKEN_KEY = 'setup_token_sha256';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * With no account yet, makes a fresh one-time setup token (replacing any older
 * link) and returns it; with accounts, returns null and removes any leftover.
 */
export async function prepareSetupToken(ctx: AppContext): Promise<string | null> {
  if ((await countUsers(ctx.db)) > 0) {
    const stale = await getSetting(ctx.db, SETUP_TOKEN_KEY);
    if (stale) await takeSetting(ctx.db, SETUP_TOKEN_KEY, stale);
    return null;
  }
  const token = randomBytes(24).toString('base64url');
  await putSetting(ctx.db, SETUP_TOKEN_KEY, hashToken(token));
  return token;
}

export async function isSetupTokenValid(ctx: AppContext, token: string): Promise<boolean> {
  return (await getSetting(ctx.db, SETUP_TOKEN_KEY)) === hashToken(token) && (await countUsers(ctx.db)) === 0;
}

/** Creates the first superadmin; the token is consumed in the same transaction, so it works once. */
export async function completeSetup(ctx: AppContext, input: SetupRequest): Promise<UserRow> {
  return ctx.db.transaction().execute(async (trx) => {
    const taken = await takeSetting(trx, SETUP_TOKEN_KEY, hashToken(input.token));
    if (!taken || (await countUsers(trx)) > 0) {
      throw new AppError(410, 'SETUP_UNAVAILABLE', 'This setup link is no longer valid');
    }
    return createUser(ctx, { email: input.email, name: input.name, password: input.password, role: 'superadmin' }, trx);
  });
}
