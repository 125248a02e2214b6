import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../context.ts';
import { createDb } from '../db/database.ts';
import { testDialects } from '../test/databases.ts';
import { openEventStream, startTestApp, type TestApp } from '../test/test-app.ts';
import { resetMemberPassword } from '../admin/service.ts';
import { setUserPassword } from '../users/service.ts';
import { MAX_STREAMS_PER_USER } from './routes.ts';

const ended = (stream: { ended: Promise<void> }, ms = 3000) =>
  Promise.race([stream.ended.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe.each(testDialects)('live streams end with their sessions and follow visibility (%s)', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('ends the open streams of a password changed by the CLI, another process, before they get another event', async () => {
    const anna = await t.login('member', { email: 'anna.cli@example.ch' });
    const bruno = await t.login('member');
    const stream = await openEventStream(anna, t.url);
    // The CLI's own process: its own connection and its own (empty) live-event hub.
    const db = createDb({ databaseUrl: t.database.databaseUrl, sqlitePath: `${t.database.dataDir}/rustico.sqlite` });
    const cli = await createContext(t.ctx.config, db);
    await setUserPassword(cli, 'anna.cli@example.ch', 'a brand new secret');
    await cli.events.close();
    await db.destroy();
    const note = (await bruno.post('/api/notes', { text: 'Dopo il cambio di password' })).body.note;
    expect(await ended(stream)).toBe(true);
    await expect(stream.next((e) => e.id === note.id, 100)).rejects.toThrow(/no matching event/);
  });

  it('stops sending hidden accounts\' events to an account that is no longer hidden', async () => {
    const superadmin = await t.login('superadmin');
    const wasHidden = await t.login('member', { hidden: true });
    const stillHidden = await t.login('member', { hidden: true });
    const id = (await wasHidden.get('/api/session')).body.user.id;
    const stream = await openEventStream(wasHidden, t.url);
    const before = (await stillHidden.post('/api/notes', { text: 'Tra noi' })).body.note;
    await stream.next((e) => e.id === before.id);
    expect((await superadmin.request('PATCH', `/api/admin/users/${id}`, { hidden: false })).status).toBe(200);
    const secret = (await stillHidden.post('/api/notes', { text: 'Segreto' })).body.note;
    const marker = (await superadmin.post('/api/notes', { text: 'Per tutti' })).body.note;
    await stream.next((e) => e.id === marker.id);
    await expect(stream.next((e) => e.id === secret.id, 100)).rejects.toThrow(/no matching event/);
    stream.close();
  });

  it(`keeps at most ${MAX_STREAMS_PER_USER} streams per user, closing the oldest`, async () => {
    const carla = await t.login('member');
    const streams = [];
    for (let i = 0; i <= MAX_STREAMS_PER_USER; i++) streams.push(await openEventStream(carla, t.url));
    expect(await ended(streams[0]!)).toBe(true);
    expect(await ended(streams[1]!, 200)).toBe(false);
    const note = (await (await t.login('member')).post('/api/notes', { text: 'Ancora qui?' })).body.note;
    await streams.at(-1)!.next((e) => e.id === note.id);
    for (const stream of streams) stream.close();
  });

  it('ends the private calendar address when a password is reset', async () => {
    const dario = await t.login('member', { email: 'dario@example.ch' });
    const feed = (await dario.get('/api/profile/calendar-feed')).body.url as string;
    const path = new URL(feed, t.url).pathname;
    expect((await t.client().get(path)).status).toBe(200);
    await setUserPassword(t.ctx, 'dario@example.ch', 'another secret 1');
    expect((await t.client().get(path)).status).toBe(404);

    const again = await t.login('member', { email: 'dario2@example.ch' });
    const second = new URL((await again.get('/api/profile/calendar-feed')).body.url as string, t.url).pathname;
    const id = (await again.get('/api/session')).body.user.id;
    const superadmin = (await (await t.login('superadmin')).get('/api/session')).body.user;
    await resetMemberPassword(t.ctx, superadmin, id);
    expect((await t.client().get(second)).status).toBe(404);
  });
});
