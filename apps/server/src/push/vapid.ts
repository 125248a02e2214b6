import { createECDH } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { getSetting, putSettingIfAbsent } from '../db/settings.ts';

const VAPID_KEY = 'vapid_keys';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * A P-256 key pair in the form web-push expects (uncompressed public point,
 * 32-byte private scalar, both base64url). Made with node:crypto so a start
 * does not load web-push, which a house without push subscribers never needs.
 */
export function generateVapidKeys(): VapidKeys {
  const curve = createECDH('prime256v1');
  curve.generateKeys();
  // A private scalar with leading zero bytes comes back shorter; web-push wants all 32 bytes.
  const privateKey = Buffer.from(curve.getPrivateKey('hex').padStart(64, '0'), 'hex');
  return { publicKey: curve.getPublicKey('base64url'), privateKey: privateKey.toString('base64url') };
}

/** The server's push identity, made once and kept in the database so subscriptions stay valid. */
export async function ensureVapidKeys(db: Db): Promise<VapidKeys> {
  if (!(await getSetting(db, VAPID_KEY))) await putSettingIfAbsent(db, VAPID_KEY, JSON.stringify(generateVapidKeys()));
  return JSON.parse((await getSetting(db, VAPID_KEY))!) as VapidKeys;
}
