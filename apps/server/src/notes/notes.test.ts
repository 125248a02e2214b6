import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases.ts';
import { MINUTE, openEventStream, startTestApp, type TestApp, type TestClient } from '../test/test-app.ts';

describe.each(testDialects)('notes board (%s)', (dialect) => {
  let t: TestApp;
  let anna: TestClient;
  let bruno: TestClient;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    anna = await t.login('member');
    bruno = await t.login('member');
  });
  afterAll(() => t.close());

  it('posts trimmed notes and lists them newest first, a page at a time', async () => {
    expect((await anna.get('/api/notes/latest')).body.note).toBeNull();
    for (let i = 1; i <= 5; i++) {
      const response = await anna.post('/api/notes', { text: `  Nota ${i}  ` });
      expect(response.status).toBe(201);
      expect(response.body.note).toMatchObject({ text: `Nota ${i}`, label: null, reactionCount: 0, reactedByMe: false });
      t.clock.advance(MINUTE);
    }
    const first = (await bruno.get('/api/notes?limit=2')).body;
    expect(first.notes.map((n: any) => n.text)).toEqual(['Nota 5', 'Nota 4']);
    expect(first.notes[0]).toMatchObject({ authorName: expect.any(String), createdAt: expect.any(String) });
    const second = (await bruno.get(`/api/notes?limit=2&before=${first.nextCursor}`)).body;
    expect(second.notes.map((n: any) => n.text)).toEqual(['Nota 3', 'Nota 2']);
    const last = (await bruno.get(`/api/notes?limit=2&before=${second.nextCursor}`)).body;
    expect(last).toMatchObject({ nextCursor: null });
    expect(last.notes.map((n: any) => n.text)).toEqual(['Nota 1']);
    expect((await bruno.get('/api/notes/latest')).body.note.text).toBe('Nota 5');
    expect((await bruno.get('/api/notes?before=garbage')).status).toBe(400);
  });

  it('refuses empty and over-long texts, and keeps markup as plain text', async () => {
    const empty = await anna.post('/api/notes', { text: '   ' });
    expect({ status: empty.status, code: empty.body.error.code, field: empty.body.error.field }).toEqual({ status: 400, code: 'NOTE_EMPTY', field: 'text' });
    const long = await anna.post('/api/notes', { text: 'a'.repeat(2001) });
    expect(long.body.error.code).toBe('NOTE_TOO_LONG');
    expect((await anna.post('/api/notes', { text: 'à'.repeat(2000) })).status).toBe(201);
    const markup = '<img src=x onerror=alert(1)>';
    expect((await anna.post('/api/notes', { text: markup })).body.note.text).toBe(markup);
  });

  it('lets only the author delete a note', async () => {
    const note = (await anna.post('/api/notes', { text: 'Da cancellare' })).body.note;
    const refused = await bruno.delete(`/api/notes/${note.id}`);
    expect({ status: refused.status, code: refused.body.error.code }).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect((await anna.delete(`/api/notes/${note.id}`)).status).toBe(204);
    expect((await anna.delete(`/api/notes/${note.id}`)).status).toBe(404);
  });

  it('counts thumbs-up of two people, each toggling their own', async () => {
    const note = (await anna.post('/api/notes', { text: 'Chi sale sabato?' })).body.note;
    expect((await anna.request('PUT', `/api/notes/${note.id}/reactions/me`)).body.note).toMatchObject({ reactionCount: 1, reactedByMe: true });
    expect((await bruno.request('PUT', `/api/notes/${note.id}/reactions/me`)).body.note).toMatchObject({ reactionCount: 2, reactedByMe: true });
    // Twice on is still one.
    expect((await bruno.request('PUT', `/api/notes/${note.id}/reactions/me`)).body.note.reactionCount).toBe(2);
    expect((await anna.delete(`/api/notes/${note.id}/reactions/me`)).body.note).toMatchObject({ reactionCount: 1, reactedByMe: false });
    const seenByBruno = (await bruno.get('/api/notes')).body.notes.find((n: any) => n.id === note.id);
    expect(seenByBruno).toMatchObject({ reactionCount: 1, reactedByMe: true });
  });

  it("keeps a hidden account's notes and thumbs-up from everyone else", async () => {
    const hidden = await t.login('member', { hidden: true });
    t.clock.advance(MINUTE);
    const open = (await anna.post('/api/notes', { text: 'Nota per tutti' })).body.note;
    t.clock.advance(MINUTE);
    const secret = (await hidden.post('/api/notes', { text: 'Nota segreta' })).body.note;
    await hidden.request('PUT', `/api/notes/${open.id}/reactions/me`);
    const annaSees = (await anna.get('/api/notes')).body.notes;
    expect(annaSees.some((n: any) => n.id === secret.id)).toBe(false);
    expect(annaSees.find((n: any) => n.id === open.id).reactionCount).toBe(0);
    expect((await anna.get('/api/notes/latest')).body.note.id).toBe(open.id);
    expect((await anna.request('PUT', `/api/notes/${secret.id}/reactions/me`)).status).toBe(404);
    const hiddenSees = (await hidden.get('/api/notes')).body.notes;
    expect(hiddenSees.some((n: any) => n.id === secret.id)).toBe(true);
    expect(hiddenSees.find((n: any) => n.id === open.id).reactionCount).toBe(1);
  });

  it('tells open tabs about a new note at once', async () => {
    const stream = await openEventStream(bruno, t.url);
    const note = (await anna.post('/api/notes', { text: 'Arriva la neve!' })).body.note;
    expect(await stream.next((e) => e.type === 'note' && e.id === note.id)).toEqual({ type: 'note', action: 'created', id: note.id });
    stream.close();
  });
});
