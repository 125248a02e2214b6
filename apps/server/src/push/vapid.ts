import type { Db } from '../db/database.ts';
import { getSetting, putSettingIfAbsent } from '../settings/repository.ts';

const VAPID_KEY = 'vapid_keys';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The server's push identity, made once and kept in the database so subscriptions stay valid. */
export async function ensureVapidKeys(db: Db): Promise<VapidKeys> {
  if (!(await getSetting(db, VAPID_KEY))) {
    const { default: webpush } = await import('web-push');
    await putSettingIfAbsent(db, VAPID_KEY, JSON.stringify(webpush.generateVAPIDKeys()));
  }
  return JSON.parse((await getSetting(db, VAPID_KEY))!) as VapidKeys;
}
