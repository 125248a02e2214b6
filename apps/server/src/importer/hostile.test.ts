import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases.ts';
import { startTestApp, type TestApp, type TestClient } from '../test/test-app.ts';
import { importFirestore, type ImportReport } from './firestore.ts';
import { ExportRefused, readExport, readExportFile } from './layouts.ts';

/**
 * Exports written to do harm: values the API would never accept, stays on nights
 * that are taken, document ids that are JavaScript's own names, nesting no
 * exporter writes. Each document is refused and listed with its reason, the rest
 * imported, and the API answers as before.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rustico-hostile-import-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Written as text: JSON holds what a JavaScript literal cannot (`1e999`, an own `__proto__` key). */
function exportFile(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

const LUCA = 'Lp4Ks8Jd2Hf6Gg0Aa3Ss';
const seconds = (year: number, month = 5) => Date.UTC(year, month, 1) / 1000;
const stay = (start: string, end: string, fields = '') =>
  `{ "uid": "${LUCA}", "startDate": "${start}", "endDate": "${end}", "servicing": false, "cost": 150, "checkin": true, "checkout": true, "payed": false, "kwUsed": 12.5${fields} }`;

const hostile = `{
  "users": {
    "${LUCA}": { "nome": "Luca Bernasconi", "email": "luca@bernasconi.ch", "stato": "utente" },
    "__proto__": { "nome": "Prototipo", "email": "proto@bernasconi.ch", "stato": "admin" }
  },
  "events": {
    "ev-giusto": ${stay('02.03.2026', '05.03.2026')},
    "ev-costo-infinito": ${stay('10.03.2026', '12.03.2026', ', "cost": 1e308')},
    "ev-costo-negativo": ${stay('14.03.2026', '16.03.2026', ', "cost": -50')},
    "ev-kwh-infiniti": ${stay('18.03.2026', '20.03.2026', ', "kwUsed": 1e308')},
    "ev-kwh-oltre-json": ${stay('22.03.2026', '24.03.2026', ', "kwUsed": 1e999')},
    "ev-kwh-negativi": ${stay('26.03.2026', '28.03.2026', ', "kwUsed": -5')},
    "ev-sopra-esistente": ${stay('09.01.2027', '11.01.2027')},
    "ev-sopra-giusto": ${stay('04.03.2026', '06.03.2026')},
    "ev-anno-lontano": { "uid": "${LUCA}", "timestampStartDate": { "_seconds": ${seconds(275760, 0)} }, "endDate": "02.01.2027", "cost": 0 },
    "ev-anno-meno-27": { "uid": "${LUCA}", "timestampStartDate": { "_seconds": ${seconds(-27)} }, "endDate": "02.01.2027", "cost": 0 },
    "__proto__": ${stay('01.04.2026', '03.04.2026')}
  },
  "notes": {
    "nt-giusta": { "text": "Tutto in ordine", "timestamp": { "_seconds": ${seconds(2026, 2)} }, "uid": "${LUCA}" },
    "nt-anno-lontano": { "text": "Dal futuro", "timestamp": { "_seconds": ${seconds(275760, 0)} }, "uid": "${LUCA}" },
    "nt-anno-meno-27": { "text": "Dall'impero", "timestamp": { "_seconds": ${seconds(-27)} }, "uid": "${LUCA}" },
    "__proto__": { "text": "Nota prototipo", "timestamp": { "_seconds": ${seconds(2026, 2)} }, "uid": "${LUCA}" }
  },
  "kilowatt": {
    "kw-arrivo": { "eventOf": "ev-giusto", "kw": 18354.8, "timestamp": { "_seconds": ${seconds(2026, 2)} } },
    "kw-infiniti": { "eventOf": "ev-giusto", "kw": 1e308, "timestamp": { "_seconds": ${seconds(2026, 2) + 60} } },
    "kw-negativi": { "eventOf": "ev-giusto", "kw": -5, "timestamp": { "_seconds": ${seconds(2026, 2) + 120} } },
    "kw-anno-lontano": { "eventOf": "ev-giusto", "kw": 18400, "timestamp": { "_seconds": ${seconds(275760, 0)} } },
    "kw-anno-meno-27": { "eventOf": "ev-giusto", "kw": 18400, "timestamp": { "_seconds": ${seconds(-27)} } }
  }
}`;

/** What each refused document's reason says. */
const refusals: Record<string, RegExp> = {
  'users/__proto__': /Firestore reserves/,
  'events/__proto__': /Firestore reserves/,
  'notes/__proto__': /Firestore reserves/,
  'events/ev-costo-infinito': /cost 1e\+308 is not an amount/,
  'events/ev-costo-negativo': /cost -50 is not an amount/,
  'events/ev-kwh-infiniti': /1e\+308 kWh used/,
  'events/ev-kwh-oltre-json': /not a booking document/,
  'events/ev-kwh-negativi': /-5 kWh used/,
  'events/ev-sopra-esistente': /shares nights with the booking .* \(10\.01\.2027–12\.01\.2027\)/,
  'events/ev-sopra-giusto': /shares nights with the booking ev-giusto/,
  'events/ev-anno-lontano': /not valid/,
  'events/ev-anno-meno-27': /not valid/,
  'notes/nt-anno-lontano': /the moment .* is out of range/,
  'notes/nt-anno-meno-27': /the moment .* is out of range/,
  'kilowatt/kw-infiniti': /not a reading the app accepts/,
  'kilowatt/kw-negativi': /not a reading the app accepts/,
  'kilowatt/kw-anno-lontano': /the moment .* is out of range/,
  'kilowatt/kw-anno-meno-27': /the moment .* is out of range/,
};

const listed = (report: ImportReport) => Object.fromEntries(report.skipped.map((s) => [`${s.collection}/${s.id}`, s.reason]));
const tables = ['users', 'bookings', 'notes', 'noteReactions', 'meterReadings'] as const;
const countsOf = (t: TestApp) =>
  Promise.all(
    tables.map(async (table) => Number((await t.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n)),
  );

describe.each(testDialects)('a hostile export (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.login('admin');
    // The nights a document of the file asks for again.
    expect((await admin.post('/api/bookings', { start: '2027-01-10', end: '2027-01-12', purpose: 'personal' })).status).toBe(201);
  });
  afterAll(() => t.close());

  it('on a dry run lists every refusal with its reason and writes nothing', async () => {
    const before = await countsOf(t);
    const report = await importFirestore(t.ctx, await readExportFile(exportFile('hostile.json', hostile)), { dryRun: true });
    const reasons = listed(report);
    expect(Object.keys(reasons).sort()).toEqual(Object.keys(refusals).sort());
    for (const [what, reason] of Object.entries(refusals)) expect(reasons[what], what).toMatch(reason);
    expect(report.imported).toEqual({ users: 1, bookings: 1, notes: 1, reactions: 0, meterReadings: 1 });
    expect(await countsOf(t)).toEqual(before);
  });

  it('imports the rest, lists the same refusals, and the API answers for the whole house afterwards', async () => {
    const dry = await importFirestore(t.ctx, await readExportFile(exportFile('hostile.json', hostile)), { dryRun: true });
    const report = await importFirestore(t.ctx, await readExportFile(exportFile('hostile.json', hostile)), { dryRun: false });
    expect(report.skipped).toEqual(dry.skipped);
    expect(report.imported).toEqual({ users: 1, bookings: 1, notes: 1, reactions: 0, meterReadings: 1 });
    // Nothing reached a prototype on the way.
    expect(({} as Record<string, unknown>).nome).toBeUndefined();

    const stays = await t.ctx.db.selectFrom('bookings').select(['id', 'startDate', 'endDate', 'costCentimes', 'kwhUsed']).orderBy('startDate').execute();
    expect(stays.map((s) => s.id)).toEqual(['ev-giusto', expect.any(String)]);
    expect(stays[0]).toMatchObject({ startDate: '2026-03-02', endDate: '2026-03-05', costCentimes: 15_000, kwhUsed: 12.5 });

    for (const address of [
      '/api/bookings?from=2026-01-01&to=2027-12-31',
      `/api/users/${LUCA}/bookings`,
      `/api/users/${LUCA}/bookings/years`,
      '/api/accounts/balances',
      '/api/notes',
      '/api/meter/latest',
      '/api/admin/readings',
    ]) {
      expect((await admin.get(address)).status, address).toBe(200);
    }
  });

  it('refuses a file nested deeper than any export, saying so, and writes nothing', async () => {
    const depth = 200_000;
    const deep = `{ "__collections__": { "events": { "ev-profondo": { "uid": "${LUCA}", "endDate": "02.01.2026", "extra": ${'{ "campo": '.repeat(depth)}1${' }'.repeat(depth)} } } } }`;
    const before = await countsOf(t);
    for (const dryRun of [true, false]) {
      const attempt = importFirestore(t.ctx, await readExportFile(exportFile('deep.json', deep)), { dryRun });
      await expect(attempt).rejects.toThrow(ExportRefused);
      await expect(importFirestore(t.ctx, await readExportFile(exportFile('deep.json', deep)), { dryRun })).rejects.toThrow(/nests values more than \d+ levels deep/);
    }
    expect(await countsOf(t)).toEqual(before);
  });
});

describe('documents keyed __proto__, in every layout', () => {
  it('are kept as data and listed, never merged into a prototype', () => {
    const doc = '{ "uid": "u", "endDate": "02.01.2026", "polluted": true }';
    const files = [
      `{ "events": { "__proto__": ${doc}, "e": ${doc} } }`,
      `{ "__collections__": { "events": { "__proto__": ${doc}, "e": ${doc} } } }`,
      `{ "events": [ { "id": "__proto__", "uid": "u", "endDate": "02.01.2026", "polluted": true }, { "id": "e", "uid": "u", "endDate": "02.01.2026" } ] }`,
    ];
    for (const text of files) {
      const contents = readExport(JSON.parse(text));
      expect(Object.keys(contents.collections.events), text).toEqual(['e']);
      expect(contents.unreadable, text).toEqual([{ collection: 'events', id: '__proto__', reason: expect.stringMatching(/Firestore reserves/) }]);
      expect(Object.getPrototypeOf(contents.collections.events), text).toBeNull();
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });
});
