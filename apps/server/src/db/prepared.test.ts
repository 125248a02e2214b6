import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/databases.ts';
import { prepared } from './prepared.ts';

const settingsFrom = prepared((db, from: string) => db.selectFrom('settings').selectAll().where('key', '>=', from).orderBy('key'));
const firstSettings = prepared((db, count: number) => db.selectFrom('settings').select('key').orderBy('key').limit(count));
const userById = prepared((db, id: string) => db.selectFrom('users').select(['id', 'name', 'passwordHash', 'lastSeenAt']).where('id', '=', id));

describe.each(testDialects)('prepared queries (%s)', (dialect) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await database.db.deleteFrom('settings').execute();
  });
  afterAll(() => database.drop());

  it('answers as the query builder does: the same rows, the same camelCase names, fresh values each call', async () => {
    const { db } = database;
    await db
      .insertInto('users')
      .values({ id: 'u1', email: 'anna@example.ch', name: 'Anna', passwordHash: 'x', role: 'member', colour: '#b5542d', hidden: 0, disabled: 0, giftUsed: 0, createdAt: '2026-01-01T00:00:00.000Z' })
      .execute();
    const built = await db.selectFrom('users').select(['id', 'name', 'passwordHash', 'lastSeenAt']).where('id', '=', 'u1').execute();
    expect(await userById(db, 'u1')).toEqual(built);
    expect(built[0]).toMatchObject({ passwordHash: 'x', lastSeenAt: null });
    expect(await userById(db, 'nobody')).toEqual([]);
  });

  it("never reads another request's uncommitted rows: inside its transaction the query waits for the commit", async () => {
    const { db } = database;
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('settings').values({ key: 'pending', value: 'yes' }).execute();
      await held;
    });
    // Let the transaction begin and write before the read is asked.
    await new Promise((resolve) => setTimeout(resolve, 20));
    let answered = false;
    const read = settingsFrom(db, 'a').then((rows) => {
      answered = true;
      return rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (dialect === 'sqlite') {
      // One connection: the read takes its turn after the transaction, and so sees what it committed.
      expect(answered).toBe(false);
      commit();
      await transaction;
      expect((await read).map((row) => row.key)).toEqual(['pending']);
    } else {
      // A pool: the read runs on another connection beside the transaction and sees only committed rows.
      expect(await read).toEqual([]);
      commit();
      await transaction;
      expect((await settingsFrom(db, 'a')).map((row) => row.key)).toEqual(['pending']);
    }
  });

  it("limits each call by that call's limit, on a statement SQLite plans once", async () => {
    const { db } = database;
    await db.insertInto('settings').values([{ key: 'limit-a', value: '1' }, { key: 'limit-b', value: '2' }, { key: 'limit-c', value: '3' }]).execute();
    expect((await firstSettings(db, 2)).map((row) => row.key)).toEqual(['limit-a', 'limit-b']);
    expect(await firstSettings(db, 0)).toEqual([]);
    expect((await firstSettings(db, 3)).map((row) => row.key)).toEqual(['limit-a', 'limit-b', 'limit-c']);
    expect((await db.selectFrom('settings').select('key').orderBy('key').limit(1).execute()).map((row) => row.key)).toEqual(['limit-a']);
    // A bare `limit ?` is re-prepared by SQLite on every run (database.ts).
    const sql = db.selectFrom('settings').select('key').limit(1).compile().sql;
    expect(sql).toMatch(dialect === 'sqlite' ? /limit \+\?$/ : /limit \$1$/);
    await db.deleteFrom('settings').execute();
  });
});
