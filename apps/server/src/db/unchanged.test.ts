import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, sqlitePathIn, type Db } from './database.ts';
import { whileUnchanged } from './unchanged.ts';
import { testDialects } from '../test/databases.ts';
import { startTestApp, type TestApp, type TestClient } from '../test/test-app.ts';

/*
 * The calendar's months, history pages and notes pages are kept while nothing they show has
 * changed (db/unchanged.ts).
 * "Another process" here is a second connection to the same database that writes behind the
 * server's back, as a second server, the command line or an import would.
 */
describe.each(testDialects)('lists kept while unchanged (%s)', (dialect) => {
  let t: TestApp;
  let other: Db;
  let anna: TestClient;
  let admin: TestClient;
  let annaId: string;

  const version = async () => (await other.selectFrom('listsVersion').select('version').executeTakeFirstOrThrow()).version;
  const annasStays = async (client: TestClient) => (await client.get(`/api/users/${annaId}/bookings`)).body.bookings;
  const everyonesStays = async () => (await admin.get('/api/users/0/bookings')).body.bookings;
  const notes = async (client: TestClient) => (await client.get('/api/notes')).body.notes;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    other = createDb({ databaseUrl: t.database.databaseUrl, sqlitePath: sqlitePathIn(t.database.dataDir) });
    anna = await t.login('member');
    admin = await t.login('admin');
    annaId = (await anna.get('/api/session')).body.user.id;
    for (const [start, end] of [
      ['2026-12-04', '2026-12-06'],
      ['2026-12-11', '2026-12-13'],
    ]) {
      expect((await anna.post('/api/bookings', { start, end, purpose: 'personal' })).status).toBe(201);
    }
  });
  afterAll(async () => {
    await other.destroy();
    await t.close();
  });

  it('builds an answer once while the lists are unchanged, and again after a change from another connection', async () => {
    const kept = whileUnchanged<{ built: number }>(2);
    let built = 0;
    const build = async () => ({ built: ++built });
    expect(await kept(t.database.db, 'k', build)).toEqual({ built: 1 });
    expect(await kept(t.database.db, 'k', build)).toEqual({ built: 1 });
    await other.updateTable('users').set({ name: 'Anna Bianchi' }).where('id', '=', annaId).execute();
    expect(await kept(t.database.db, 'k', build)).toEqual({ built: 2 });
    // Two more keys push the least recently used one out.
    await kept(t.database.db, 'a', build);
    await kept(t.database.db, 'b', build);
    expect(await kept(t.database.db, 'k', build)).toEqual({ built: 5 });
  });

  it('a history asked again shows every change made since, by this process or another', async () => {
    expect(await annasStays(anna)).toHaveLength(2);
    expect(await everyonesStays()).toHaveLength(2);

    expect((await anna.post('/api/bookings', { start: '2026-12-18', end: '2026-12-20', purpose: 'personal' })).status).toBe(201);
    expect((await annasStays(anna)).map((b: { start: string }) => b.start)).toEqual(['2026-12-18', '2026-12-11', '2026-12-04']);

    await other.updateTable('bookings').set({ paid: 1, paymentMethod: 'twint' }).where('startDate', '=', '2026-12-04').execute();
    expect((await annasStays(anna)).at(-1)).toMatchObject({ start: '2026-12-04', paid: true, paymentMethod: 'twint' });

    await other.updateTable('users').set({ name: 'Anna Rossi', colour: '#2d7fb5' }).where('id', '=', annaId).execute();
    for (const stay of await everyonesStays()) expect(stay).toMatchObject({ ownerName: 'Anna Rossi', ownerColour: '#2d7fb5' });

    await other.updateTable('users').set({ hidden: 1 }).where('id', '=', annaId).execute();
    expect(await everyonesStays()).toEqual([]);
    await other.updateTable('users').set({ hidden: 0 }).where('id', '=', annaId).execute();

    await other.deleteFrom('bookings').where('startDate', '=', '2026-12-18').execute();
    expect(await annasStays(anna)).toHaveLength(2);
    expect(await everyonesStays()).toHaveLength(2);
  });

  it('a month of the calendar asked again shows a new stay and a payment', async () => {
    const month = async () => (await admin.get('/api/bookings?from=2026-11-30&to=2027-01-10')).body.bookings;
    const before = await month();
    expect((await admin.post('/api/bookings', { start: '2026-12-26', end: '2026-12-28', purpose: 'personal' })).status).toBe(201);
    expect(await month()).toHaveLength(before.length + 1);
    await other.updateTable('bookings').set({ paid: 1 }).where('startDate', '=', '2026-12-26').execute();
    expect((await month()).find((b: { start: string }) => b.start === '2026-12-26')).toMatchObject({ paid: true });
  });

  it('a page of notes asked again shows new notes, thumbs-up and authors', async () => {
    expect((await anna.post('/api/notes', { text: 'La chiave è sotto il vaso' })).status).toBe(201);
    const [note] = await notes(admin);
    expect(note).toMatchObject({ text: 'La chiave è sotto il vaso', reactionCount: 0, reactedByMe: false });

    expect((await admin.request('PUT', `/api/notes/${note.id}/reactions/me`)).status).toBeLessThan(300);
    expect((await notes(admin))[0]).toMatchObject({ reactionCount: 1, reactedByMe: true });
    expect((await notes(anna))[0]).toMatchObject({ reactionCount: 1, reactedByMe: false });

    await other.updateTable('users').set({ name: 'Anna B.' }).where('id', '=', annaId).execute();
    expect((await notes(admin))[0]).toMatchObject({ authorName: 'Anna B.' });

    await other.deleteFrom('noteReactions').execute();
    expect((await notes(admin))[0]).toMatchObject({ reactionCount: 0, reactedByMe: false });

    await other.deleteFrom('notes').execute();
    expect(await notes(admin)).toEqual([]);
  });

  it('changes the lists do not show, such as a member seen again, keep the kept pages', async () => {
    const before = await version();
    await other.updateTable('users').set({ lastSeenAt: new Date().toISOString() }).where('id', '=', annaId).execute();
    await other.updateTable('users').set({ language: 'de' }).where('id', '=', annaId).execute();
    expect(await version()).toBe(before);
  });

  it('counts every one of twenty notes written at once', async () => {
    const before = await version();
    const writers = [anna, admin];
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => writers[i % 2]!.post('/api/notes', { text: `Nota ${i}` })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    expect(await version()).toBe(before + 20);
    expect(await notes(anna)).toHaveLength(20);
  });
});
