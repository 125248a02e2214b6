import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases.ts';
import { openEventStream, startTestApp, type TestApp, type TestClient } from '../test/test-app.ts';

/** A hidden account's activity reaches only itself and other hidden accounts, whatever the channel. */
describe.each(testDialects)('the hidden account does not show through (%s)', (dialect) => {
  let t: TestApp;
  let anna: TestClient;
  let hidden: TestClient;
  let otherHidden: TestClient;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    anna = await t.login('member');
    hidden = await t.login('member', { hidden: true });
    otherHidden = await t.login('member', { hidden: true });
  });
  afterAll(() => t.close());

  it('keeps its thumbs-up, given and taken back, off the streams of visible members', async () => {
    const note = (await anna.post('/api/notes', { text: 'Chi viene a Pasqua?' })).body.note;
    const annaStream = await openEventStream(anna, t.url);
    const hiddenStream = await openEventStream(otherHidden, t.url);
    await hidden.request('PUT', `/api/notes/${note.id}/reactions/me`);
    await hidden.request('DELETE', `/api/notes/${note.id}/reactions/me`);
    await hiddenStream.next((e) => e.type === 'note' && e.action === 'reacted');
    // A later visible change marks how far Anna's stream has come.
    const marker = (await anna.post('/api/notes', { text: 'Io!' })).body.note;
    await annaStream.next((e) => e.id === marker.id);
    await expect(annaStream.next((e) => e.action === 'reacted', 100)).rejects.toThrow(/no matching event/);
    annaStream.close();
    hiddenStream.close();
  });

  it('keeps its meter reading and when it was taken from visible members', async () => {
    const day = (offset: number) => new Date(Date.UTC(2027, 2, 1 + offset)).toISOString().slice(0, 10);
    const annaStay = (await anna.post('/api/bookings', { start: day(0), end: day(2), purpose: 'personal' })).body.booking;
    const hiddenStay = (await hidden.post('/api/bookings', { start: day(5), end: day(7), purpose: 'personal' })).body.booking;
    // Check-in opens on the arrival day.
    t.clock.advanceToDay(day(5));
    expect((await anna.post(`/api/bookings/${annaStay.id}/checkin`, { dayKwh: 500, nightKwh: 100 })).status).toBe(200);
    t.clock.advance(60_000);
    expect((await hidden.post(`/api/bookings/${hiddenStay.id}/checkin`, { dayKwh: 520, nightKwh: 110 })).status).toBe(200);
    expect((await anna.get('/api/meter/latest')).body.reading.totalKwh).toBe(600);
    expect((await otherHidden.get('/api/meter/latest')).body.reading.totalKwh).toBe(630);
    expect((await hidden.get('/api/meter/latest')).body.reading.totalKwh).toBe(630);
  });

  it('serves its photo only to itself, other hidden accounts and superadmins', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } }).png().toBuffer();
    const uploaded = await hidden.request('PUT', '/api/profile/photo', new Uint8Array(png) as unknown as string, { 'content-type': 'image/png' });
    const photoUrl: string = uploaded.body.user.photoUrl;
    expect((await anna.get(photoUrl)).status).toBe(404);
    expect((await hidden.get(photoUrl)).status).toBe(200);
    expect((await otherHidden.get(photoUrl)).status).toBe(200);
    // Superadmins manage every account, so they see it in the members list with its photo.
    expect((await (await t.login('superadmin')).get(photoUrl)).status).toBe(200);
  });
});
