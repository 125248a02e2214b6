import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { setUserPassword } from '../users/service.ts';
import { importFirestore } from './firestore.ts';
import { ExportRefused } from './layouts.ts';

/** One family, written by hand in the layout each exporter documents. */
const layouts = ['firestore-export-import', 'node-firestore-import-export', 'document-arrays'] as const;
const fixture = (name: string): unknown => JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'fixtures', `${name}.json`), 'utf8'));

const tables = ['users', 'bookings', 'notes', 'noteReactions', 'meterReadings'] as const;
const countsOf = (t: TestApp) =>
  Promise.all(
    tables.map(async (table) => Number((await t.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n)),
  );

describe.each(testDialects)('import of the original app (%s)', (dialect) => {
  describe.each(layouts)('exported with %s', (layout) => {
    const sample = fixture(layout);
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.close());

    it('changes nothing on a dry run, but says which layout it read and what it would do', async () => {
      const report = await importFirestore(t.ctx, sample, { dryRun: true });
      expect(report.layout.startsWith(layout === 'document-arrays' ? 'arrays of documents' : `${layout} (`)).toBe(true);
      expect(report.imported).toEqual({ users: 3, bookings: 4, notes: 3, reactions: 3, meterReadings: 3 });
      expect(await countsOf(t)).toEqual([0, 0, 0, 0, 0]);
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
      // Only `timestampStartDate` (27.12.2024 23:00 UTC): the stay begins on the 28th in the house's zone.
      const capodanno = await t.ctx.db.selectFrom('bookings').selectAll().where('id', '=', 'ev-2025-capodanno').executeTakeFirstOrThrow();
      expect(capodanno).toMatchObject({ startDate: '2024-12-28', endDate: '2025-01-02', costCentimes: 27_595, paid: 1 });

      const notes = (await luca.get('/api/notes')).body.notes;
      expect(notes.find((n: any) => n.id === 'nt-benvenuti')).toMatchObject({ authorName: 'Marco Bernasconi', reactionCount: 2, reactedByMe: true });
      expect(notes.find((n: any) => n.id === 'nt-checkin-luca')).toMatchObject({ label: { kind: 'checkin', date: '2025-10-10' } });
      expect(notes.find((n: any) => n.id === 'nt-checkout-luca')).toMatchObject({ reactionCount: 1, label: { kind: 'checkout', date: '2025-10-13' } });
      expect((await luca.get('/api/meter/latest')).body.reading.totalKwh).toBe(18480.1);
      const marco = await t.ctx.db.selectFrom('users').selectAll().where('id', '=', 'Xk2pQ9mLs0aVbN7cD4eF').executeTakeFirstOrThrow();
      expect({ role: marco.role, giftUsed: marco.giftUsed, passwordHash: marco.passwordHash }).toEqual({ role: 'superadmin', giftUsed: 1, passwordHash: null });
    });

    it('adds nothing when the same file is imported again', async () => {
      const before = await countsOf(t);
      const report = await importFirestore(t.ctx, sample, { dryRun: false });
      expect(report.imported).toEqual({ users: 0, bookings: 0, notes: 0, reactions: 0, meterReadings: 0 });
      expect(report.alreadyPresent).toEqual({ users: 3, bookings: 4, notes: 3, meterReadings: 3 });
      expect(await countsOf(t)).toEqual(before);
    });
  });

  describe('a file that is not an export of the original app', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.close());

    it('is refused with what it holds and the layouts that are understood, and changes nothing', async () => {
      const refusals: [unknown, RegExp][] = [
        [{}, /Found nothing at the top level/],
        [[], /holds a list, not collections/],
        [{ name: 'rustico', version: '0.1.0', dependencies: { zod: '^4' } }, /Found name \(0 documents\), version \(0 documents\), dependencies \(1 document\)/],
        [{ __collections__: { companies: { a: { __collections__: {} }, b: { __collections__: {} } }, users: {} } }, /Found companies \(2 documents\), users \(0 documents\) under "__collections__"/],
        [{ users: 'nobody', events: { e: {} } }, /"users" is neither documents keyed by id nor a list/],
      ];
      for (const [data, message] of refusals) {
        const attempt = importFirestore(t.ctx, data, { dryRun: false });
        await expect(attempt, JSON.stringify(data)).rejects.toThrow(ExportRefused);
        await expect(importFirestore(t.ctx, data, { dryRun: false })).rejects.toThrow(message);
        await expect(importFirestore(t.ctx, data, { dryRun: false })).rejects.toThrow(/node-firestore-import-export.*\n.*firestore-export-import.*\n.*arrays of documents/);
      }
      expect(await countsOf(t)).toEqual([0, 0, 0, 0, 0]);
    });
  });
});

describe('reading the node-firestore-import-export layout', () => {
  it('decodes tagged values, names collections it does not read and lists sub-collections it skips', async () => {
    const { readExport } = await import('./layouts.ts');
    const contents = readExport({
      __collections__: {
        events: {
          e1: {
            uid: { __datatype__: 'documentReference', value: 'users/u1' },
            place: { __datatype__: 'geopoint', value: { _latitude: 46.47, _longitude: 8.93 } },
            timestampStartDate: { __datatype__: 'timestamp', value: { _seconds: 1735340400, _nanoseconds: 500_000_000 } },
            __collections__: { extras: { x: { __collections__: {} } }, none: {} },
          },
        },
        settings: { s: { __collections__: {} } },
      },
    });
    expect(contents.collections.events.e1).toEqual({ uid: 'u1', place: { latitude: 46.47, longitude: 8.93 }, timestampStartDate: new Date(1735340400_500) });
    expect(contents.notRead).toEqual([{ collection: 'settings', documents: 1 }]);
    expect(contents.unreadable).toEqual([{ collection: 'events', id: 'e1/extras', reason: expect.stringMatching(/sub-collection \(1 document\)/) }]);
  });
});
