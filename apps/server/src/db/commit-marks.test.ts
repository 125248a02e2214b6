import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/databases.ts';
import { FAST_PASSWORD_HASH } from '../test/test-app.ts';
import { runWithCommitMark, type CommitMark } from './commit-marks.ts';
import type { Db } from './database.ts';
import { createUser } from '../users/service.ts';

/*
 * The commit marks under the repositories: a write of a marking request commits together with
 * its mark, or not at all. The mark here is a settings row; the idempotency tests mark claims.
 */
describe.each(testDialects)('commit marks (%s)', (dialect) => {
  let database: TestDatabase;
  let db: Db;
  let userId: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    db = database.db;
    userId = (await createUser({ db, now: () => new Date(), config: { passwordHash: FAST_PASSWORD_HASH } }, { email: 'cm@example.ch', name: 'CM', password: null, role: 'member' })).id;
  });
  afterAll(() => database.drop());
  beforeEach(async () => {
    await db.deleteFrom('settings').where('key', 'like', 'cm-%').execute();
    await db.insertInto('settings').values({ key: 'cm-mark', value: '0' }).execute();
  });

  const mark = (target = 'cm-mark'): CommitMark => ({
    active: true,
    createdId: null,
    ignores: new Set(['push_subscriptions']),
    statement: () => db.updateTable('settings').set({ value: '1' }).where('key', '=', target).compile(),
    lost: () => new Error('mark lost'),
  });
  const markValue = async () => (await db.selectFrom('settings').select('value').where('key', '=', 'cm-mark').executeTakeFirstOrThrow()).value;
  const written = async () => (await db.selectFrom('settings').select('key').where('key', '=', 'cm-written').execute()).length;

  it('leaves the mark with a write on its own and with a transaction that writes', async () => {
    await runWithCommitMark(mark(), () => db.insertInto('settings').values({ key: 'cm-written', value: 'x' }).execute());
    expect([await written(), await markValue()]).toEqual([1, '1']);

    await db.updateTable('settings').set({ value: '0' }).where('key', '=', 'cm-mark').execute();
    await runWithCommitMark(mark(), () =>
      db.transaction().execute(async (trx) => {
        await trx.selectFrom('settings').selectAll().execute();
        await trx.updateTable('settings').set({ value: 'y' }).where('key', '=', 'cm-written').execute();
      }),
    );
    expect(await markValue()).toBe('1');
  });

  it('leaves none for reads, bookkeeping tables, a rolled back transaction, or once inactive', async () => {
    const reading = mark();
    await runWithCommitMark(reading, async () => {
      await db.selectFrom('settings').selectAll().execute();
      await db.transaction().execute((trx) => trx.selectFrom('settings').selectAll().execute());
      await db.deleteFrom('pushSubscriptions').where('userId', '=', 'nobody').execute();
      await db
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto('settings').values({ key: 'cm-written', value: 'x' }).execute();
          throw new Error('refused');
        })
        .catch(() => undefined);
      reading.active = false;
      await db.insertInto('settings').values({ key: 'cm-later', value: 'x' }).execute();
    });
    expect([await written(), await markValue()]).toEqual([0, '0']);
  });

  it('undoes the write when the mark changes no row (the claim is not ours any more)', async () => {
    const insert = (on: Db = db) => on.insertInto('settings').values({ key: 'cm-written', value: 'x' }).execute();
    await expect(runWithCommitMark(mark('cm-gone'), () => insert())).rejects.toThrow('mark lost');
    await expect(runWithCommitMark(mark('cm-gone'), () => db.transaction().execute((trx) => insert(trx)))).rejects.toThrow('mark lost');
    expect(await written()).toBe(0);
    // The connection is usable afterwards, in or out of a transaction.
    await insert();
    expect(await written()).toBe(1);
  });

  it('tells the mark the id of the first row the request inserted and kept', async () => {
    const first = mark();
    const note = (id: string) => ({ id, userId, text: 't', eventKind: null, eventDate: null, bookingId: null, createdAt: '2026-11-21T09:00:00.000Z' });
    await runWithCommitMark(first, async () => {
      await db.insertInto('pushSubscriptions').values({ id: 'cm-push', userId, endpoint: 'https://push.example/1', p256dh: 'p', auth: 'a', userAgent: null, createdAt: '' }).execute();
      await db
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto('notes').values(note('cm-rolled-back')).execute();
          throw new Error('refused');
        })
        .catch(() => undefined);
      await db.transaction().execute((trx) => trx.insertInto('notes').values([note('cm-note-1'), note('cm-note-2')]).execute());
      await db.insertInto('notes').values(note('cm-note-3')).execute();
    });
    expect(first.createdId).toBe('cm-note-1');
  });
});
