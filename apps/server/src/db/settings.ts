import type { Db } from './database.ts';

export async function getSetting(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** The setting's version (+1 on every change of its value): 0 while it was never set. */
export async function settingVersion(db: Db, key: string): Promise<number> {
  const row = await db.selectFrom('settings').select('version').where('key', '=', key).executeTakeFirst();
  return row?.version ?? 0;
}

export async function putSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** Deletes the setting only if it still holds `value`; true when this call took it. */
export async function takeSetting(db: Db, key: string, value: string): Promise<boolean> {
  const result = await db.deleteFrom('settings').where('key', '=', key).where('value', '=', value).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Stores the value unless the key exists already (another process may have been first). */
export async function putSettingIfAbsent(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
