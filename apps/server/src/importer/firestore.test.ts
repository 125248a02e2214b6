import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { setUserPassword } from '../users/service.ts';
import { importFirestore } from './firestore.ts';

const sample = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'fixtures/firestore-export.json'), 'utf8'));

describe.each(testDialects)('import of the original app (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const count = async (table: 'users' | 'bookings' | 'notes' | 'noteReactions' | 'meterReadings') =>
    Number((await t.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);

  it('changes nothing on a dry run, but says what it would do', async () => {
    const report = await importFirestore(t.ctx, sample, { dryRun: true });
    expect(report.imported).toEqual({ users: 3, bookings: 4, notes: 3, reactions: 3, meterReadings: 3 });
    for (const table of ['users', 'bookings', 'notes', 'noteReactions', 'meterReadings'] as const) expect(await count(table), table).toBe(0);
  });

  it('imports users, bookings, notes, reactions and readings, and says what it skipped and why', async () => {
    const report = await importFirestore(t.ctx, sample, { dryRun: false });
    expect(report.imported).toEqual({ users: 3, bookings: 4, notes: 3, reactions: 3, meterReadings: 3 });
    expect(report.skipped.map((s) => `${s.collection}/${s.id}`).sort()).toEqual([
      'events/ev-data-rotta', 'events/ev-ospite', 'kilowatt/kw-4', 'notes/nt-checkout-luca', 'notes/nt-vuota', 'userTokens/tk-1', 'users/Zz9Yy8Xx7Ww6Vv5Uu4Tt',
    ]);
    expect(report.skipped.find((s) => s.id === 'ev-data-rotta')!.reason).toMatch(/not valid/);

    // Accounts come without passwords: set-password opens them, with the role of `stato`.
    await setUserPassword(t.ctx, 'luca@bernasconi.ch', 'castagne-2027');
    const luca = t.client();
    const login = await luca.post('/api/session', { email: 'luca@bernasconi.ch', password: 'castagne-2027' });
    expect(login.body.user).toMatchObject({ id: 'Lp4Ks8Jd2Hf6Gg0Aa3Ss', role: 'member', colour: '#2f5d8a' });
    expect((await t.client().post('/api/session', { email: 'giulia@bernasconi.ch', password: 'x' })).body.error.code).toBe('AUTH_FAILED');

    const history = (await luca.get('/api/users/Lp4Ks8Jd2Hf6Gg0Aa3Ss/bookings')).body.bookings;
    expect(history.find((b: any) => b.id === 'ev-2025-luca-ottobre')).toMatchObject({
      start: '2025-10-10', end: '2025-10-13', purpose: 'personal', costCentimes: 18_610, checkedIn: true, checkedOut: true, paid: false, kwhUsed: 120.4,
    });
    expect(history.find((b: any) => b.id === 'ev-2026-luca-pasqua')).toMatchObject({ checkedIn: false, costCentimes: 15_000 });

    const notes = (await luca.get('/api/notes')).body.notes;
    expect(notes.find((n: any) => n.id === 'nt-benvenuti')).toMatchObject({ authorName: 'Marco Bernasconi', reactionCount: 2, reactedByMe: true });
    expect(notes.find((n: any) => n.id === 'nt-checkin-luca')).toMatchObject({ label: { kind: 'checkin', date: '2025-10-10' } });
    expect(notes.find((n: any) => n.id === 'nt-checkout-luca')).toMatchObject({ reactionCount: 1, label: { kind: 'checkout', date: '2025-10-13' } });
    expect((await luca.get('/api/meter/latest')).body.reading.totalKwh).toBe(18480.1);
    const marco = await t.ctx.db.selectFrom('users').selectAll().where('id', '=', 'Xk2pQ9mLs0aVbN7cD4eF').executeTakeFirstOrThrow();
    expect({ role: marco.role, giftUsed: marco.giftUsed, passwordHash: marco.passwordHash }).toEqual({ role: 'superadmin', giftUsed: 1, passwordHash: null });
  });

  it('adds nothing when the same file is imported again', async () => {
    const before = await Promise.all((['users', 'bookings', 'notes', 'noteReactions', 'meterReadings'] as const).map(count));
    const report = await importFirestore(t.ctx, sample, { dryRun: false });
    expect(report.imported).toEqual({ users: 0, bookings: 0, notes: 0, reactions: 0, meterReadings: 0 });
    expect(report.alreadyPresent).toEqual({ users: 3, bookings: 4, notes: 3, meterReadings: 3 });
    expect(await Promise.all((['users', 'bookings', 'notes', 'noteReactions', 'meterReadings'] as const).map(count))).toEqual(before);
  });

  it('refuses a file that is not an export', async () => {
    await expect(importFirestore(t.ctx, { users: 'nobody' }, { dryRun: false })).rejects.toThrow(/Not a Firestore export/);
  });
});
