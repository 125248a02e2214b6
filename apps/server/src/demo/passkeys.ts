import { generateKeyPairSync } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { es256PublicKey } from '../passkeys/cose.ts';
import { keepPasskey } from '../passkeys/service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Who signs in with a passkey: Rosa, who forgot her password every summer, with her iPhone since
 * the autumn; Sofia on her phone and her laptop; Giulia on her phone. The others still type a
 * password (and get the offer of one after their next login). The keys are real, the private
 * halves thrown away: these passkeys show in Impostazioni and Utenti but sign nobody in.
 */
const PASSKEYS = [
  { who: 'rosa', name: 'iPhone di Rosa', addedDaysAgo: 45, usedDaysAgo: 2 },
  { who: 'sofia', name: 'iPhone di Sofia', addedDaysAgo: 210, usedDaysAgo: 0 },
  { who: 'sofia', name: 'MacBook di Sofia', addedDaysAgo: 95, usedDaysAgo: 17 },
  { who: 'giulia', name: 'Pixel di Giulia', addedDaysAgo: 30, usedDaysAgo: null },
];

export async function seedDemoPasskeys(ctx: AppContext, ids: Map<string, string>): Promise<void> {
  const now = ctx.now().getTime();
  for (const passkey of PASSKEYS) {
    await keepPasskey(ctx, {
      userId: ids.get(passkey.who)!,
      name: passkey.name,
      publicKey: es256PublicKey(generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey),
      createdAt: new Date(now - passkey.addedDaysAgo * DAY_MS),
      lastUsedAt: passkey.usedDaysAgo === null ? null : new Date(now - passkey.usedDaysAgo * DAY_MS),
    });
  }
}
