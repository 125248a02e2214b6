import exifReader from 'exif-reader';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases.ts';
import { startTestApp, type TestApp, type TestClient } from '../test/test-app.ts';

/** A phone photo of a receipt, with the GPS position phones write into EXIF. */
function receiptPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 1600, channels: 3, background: '#f4f1ea' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Rustico', Model: 'TestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '46/1 26/1 4679/100', GPSLongitudeRef: 'E', GPSLongitude: '8/1 56/1 358/100' },
    })
    .toBuffer();
}

function smallPdf(): Promise<Buffer> {
  const doc = new PDFDocument();
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.text('Fattura idraulico 350.50');
  doc.end();
  return done;
}

const expense = (overrides: Record<string, unknown> = {}) => ({
  date: '2026-10-05',
  amountCentimes: 35_050,
  category: 'repairs',
  description: 'Idraulico: rubinetto della cucina',
  paidById: null as string | null,
  recurring: false,
  ...overrides,
});

describe.each(testDialects)('expenses (%s)', (dialect) => {
  let t: TestApp;
  let anna: TestClient;
  let bruno: TestClient;
  let admin: TestClient;
  let annaId: string;
  let brunoId: string;

  const idOf = async (client: TestClient) => (await client.get('/api/session')).body.user.id as string;
  const count = async () => (await admin.get('/api/expenses')).body.expenses.length as number;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    anna = await t.login('member');
    bruno = await t.login('member');
    admin = await t.login('admin');
    annaId = await idOf(anna);
    brunoId = await idOf(bruno);
  });
  afterAll(() => t.close());

  it('lets a member record what they paid, rounded to 5 centimes, and every member see it', async () => {
    const created = await anna.post('/api/expenses', expense({ paidById: annaId, amountCentimes: 12_343, recurring: true }));
    expect(created.status).toBe(201);
    expect(created.body.expense).toMatchObject({ amountCentimes: 12_345, paidById: annaId, verified: false, recurring: true, authorId: annaId, receipt: null });
    const list = (await bruno.get('/api/expenses?year=2026')).body.expenses;
    expect(list.map((e: any) => e.id)).toContain(created.body.expense.id);
    expect((await bruno.get('/api/expenses?year=2025')).body.expenses).toEqual([]);
    expect((await t.client().get('/api/expenses')).status).toBe(401);
  });

  it('refuses bad input with a code and records nothing', async () => {
    const before = await count();
    const cases: Array<[TestClient, Record<string, unknown>, number, string, string?]> = [
      [anna, { amountCentimes: 0 }, 400, 'AMOUNT_INVALID', 'amountCentimes'],
      [anna, { amountCentimes: -500 }, 400, 'AMOUNT_INVALID', 'amountCentimes'],
      [anna, { amountCentimes: 12.5 }, 400, 'AMOUNT_INVALID', 'amountCentimes'],
      [anna, { amountCentimes: 100_000_005 }, 400, 'AMOUNT_TOO_LARGE', 'amountCentimes'],
      [anna, { date: '2027-12-01' }, 400, 'DATE_TOO_FAR', 'date'],
      [anna, { date: '2026-02-30' }, 400, 'INVALID_DATE', 'date'],
      [anna, { category: 'party' }, 400, 'UNKNOWN_CATEGORY', 'category'],
      [anna, { description: '   ' }, 400, 'DESCRIPTION_REQUIRED', 'description'],
      [admin, { paidById: 'nobody' }, 400, 'UNKNOWN_MEMBER', 'paidById'],
      // A member records only what they paid themselves.
      [anna, { paidById: null }, 403, 'FORBIDDEN', 'paidById'],
    ];
    for (const [client, overrides, status, code, field] of cases) {
      const response = await client.post('/api/expenses', expense({ paidById: annaId, ...overrides }));
      expect({ status: response.status, code: response.body.error?.code, field: response.body.error?.field }, JSON.stringify(overrides)).toEqual({
        status,
        code,
        field,
      });
    }
    const brunos = await anna.post('/api/expenses', expense({ paidById: brunoId }));
    expect(brunos.status).toBe(403);
    expect(await count()).toBe(before);
  });

  it('lets the author change it until an admin verifies it; then only admins may, and every change is kept', async () => {
    const id = (await anna.post('/api/expenses', expense({ paidById: annaId }))).body.expense.id;
    t.clock.advance(60_000);
    expect((await anna.request('PUT', `/api/expenses/${id}`, expense({ paidById: annaId, amountCentimes: 36_000 }))).status).toBe(200);
    const bruno403 = await bruno.request('PUT', `/api/expenses/${id}`, expense({ paidById: annaId, amountCentimes: 1 }));
    expect({ status: bruno403.status, code: bruno403.body.error.code }).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect((await bruno.delete(`/api/expenses/${id}`)).status).toBe(403);
    expect((await anna.request('PUT', `/api/expenses/${id}`, { ...expense({ paidById: annaId }), verified: true })).status).toBe(403);

    t.clock.advance(60_000);
    const verified = await admin.request('PUT', `/api/expenses/${id}`, { ...expense({ paidById: annaId, amountCentimes: 36_000 }), verified: true });
    expect(verified.body.expense.verified).toBe(true);
    expect((await anna.request('PUT', `/api/expenses/${id}`, expense({ paidById: annaId, amountCentimes: 99_000 }))).status).toBe(403);
    expect((await anna.delete(`/api/expenses/${id}`)).status).toBe(403);
    expect((await admin.get('/api/expenses')).body.expenses.find((e: any) => e.id === id).amountCentimes).toBe(36_000);

    t.clock.advance(60_000);
    expect((await admin.delete(`/api/expenses/${id}`)).status).toBe(204);
    expect((await admin.get('/api/expenses')).body.expenses.some((e: any) => e.id === id)).toBe(false);
    const history = (await bruno.get(`/api/expenses/${id}/history`)).body.changes;
    const adminName = (await admin.get('/api/session')).body.user.name;
    const annaName = (await anna.get('/api/session')).body.user.name;
    expect(history.map((c: any) => [c.action, c.byName])).toEqual([
      ['created', annaName],
      ['updated', annaName],
      ['verified', adminName],
      ['deleted', adminName],
    ]);
    expect(history.map((c: any) => c.at.slice(11, 16))).toEqual(['09:00', '09:01', '09:02', '09:03']);
    expect((await admin.get('/api/expenses/unknown/history')).status).toBe(404);
    expect((await admin.request('PUT', '/api/expenses/unknown', expense())).status).toBe(404);
    expect((await admin.delete('/api/expenses/unknown')).status).toBe(404);
    expect((await admin.request('PUT', '/api/expenses/unknown/receipt', await receiptPhoto(), { 'content-type': 'image/jpeg' })).status).toBe(404);
    expect((await admin.get(`/api/expenses/${id}/receipt`)).status).toBe(404);
  });

  it('never lets a member change an expense after the verification that raced it', async () => {
    for (let round = 0; round < 8; round++) {
      const id = (await anna.post('/api/expenses', expense({ paidById: annaId }))).body.expense.id;
      const [change, verify] = await Promise.all([
        anna.request('PUT', `/api/expenses/${id}`, expense({ paidById: annaId, amountCentimes: 50_000 })),
        admin.request('PUT', `/api/expenses/${id}`, { ...expense({ paidById: annaId }), verified: true }),
      ]);
      expect(verify.status).toBe(200);
      const stored = (await admin.get('/api/expenses')).body.expenses.find((e: any) => e.id === id);
      const actions = (await admin.get(`/api/expenses/${id}/history`)).body.changes.map((c: any) => c.action);
      // Either the member's change came first (and the admin verified the original amount over it), or it was refused.
      expect(stored.verified).toBe(true);
      expect(stored.amountCentimes).toBe(35_050);
      expect(actions.at(-1)).toBe('verified');
      expect([200, 403]).toContain(change.status);
    }
  });

  it('keeps a photo receipt re-encoded without its EXIF, with a thumbnail, for every member to open', async () => {
    const id = (await anna.post('/api/expenses', expense({ paidById: annaId }))).body.expense.id;
    const photo = await receiptPhoto();
    expect(exifReader((await sharp(photo).metadata()).exif!).GPSInfo?.GPSLatitude).toEqual([46, 26, 46.79]);
    // Named like a PDF: the content decides.
    const uploaded = await anna.request('PUT', `/api/expenses/${id}/receipt`, photo, { 'content-type': 'image/jpeg' });
    expect(uploaded.status).toBe(200);
    const receipt = uploaded.body.expense.receipt;
    expect(receipt).toMatchObject({ kind: 'image', reference: expect.stringMatching(/^R-[0-9A-F]{8}$/) });

    const full = await fetch(`${t.url}${receipt.url}`, { headers: { cookie: bruno.cookie! } });
    expect(full.headers.get('content-type')).toBe('image/webp');
    expect(full.headers.get('cache-control')).toContain('immutable');
    const stored = await sharp(Buffer.from(await full.arrayBuffer())).metadata();
    expect({ format: stored.format, exif: stored.exif, height: stored.height }).toEqual({ format: 'webp', exif: undefined, height: 1600 });
    const thumbnail = await fetch(`${t.url}${receipt.thumbnailUrl}`, { headers: { cookie: bruno.cookie! } });
    expect((await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()).width).toBe(240);
    expect((await t.client().get(receipt.url)).status).toBe(401);

    const history = (await anna.get(`/api/expenses/${id}/history`)).body.changes.map((c: any) => c.action);
    expect(history).toEqual(['created', 'receipt']);
    expect((await bruno.request('PUT', `/api/expenses/${id}/receipt`, photo, { 'content-type': 'image/jpeg' })).status).toBe(403);
  });

  it('keeps a real PDF and refuses what only claims to be one, anything but images and PDFs, and over 10 MB', async () => {
    const id = (await anna.post('/api/expenses', expense({ paidById: annaId }))).body.expense.id;
    const pdf = await smallPdf();
    const kept = await anna.request('PUT', `/api/expenses/${id}/receipt`, pdf, { 'content-type': 'application/pdf' });
    expect(kept.body.expense.receipt).toMatchObject({ kind: 'pdf', thumbnailUrl: null });
    const served = await fetch(`${t.url}${kept.body.expense.receipt.url}`, { headers: { cookie: anna.cookie! } });
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await served.arrayBuffer()).equals(pdf)).toBe(true);

    const renamed = await anna.request('PUT', `/api/expenses/${id}/receipt`, Buffer.from('MZ\x90\x00 this is not a pdf, just an exe named fattura.pdf'), {
      'content-type': 'application/pdf',
    });
    expect({ status: renamed.status, code: renamed.body.error.code }).toEqual({ status: 400, code: 'RECEIPT_INVALID' });
    const text = await anna.request('PUT', `/api/expenses/${id}/receipt`, 'hello', { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x25);
    const tooBig = await anna.request('PUT', `/api/expenses/${id}/receipt`, big, { 'content-type': 'image/jpeg' });
    expect({ status: tooBig.status, code: tooBig.body.error.code }).toEqual({ status: 413, code: 'BODY_TOO_LARGE' });
    // The PDF is still the receipt.
    const after = (await anna.get('/api/expenses')).body.expenses.find((e: any) => e.id === id);
    expect(after.receipt.url).toBe(kept.body.expense.receipt.url);
  });

  it('exports every expense as a CSV a spreadsheet opens with accents and without running formulas', async () => {
    await admin.post('/api/expenses', expense({ date: '2026-03-01', description: '=HYPERLINK("http://x")', category: 'firewood', amountCentimes: 48_000 }));
    await admin.post('/api/expenses', expense({ date: '2026-03-02', description: 'Spazzacamino, caldaia e stufa à legna', category: 'maintenance', paidById: brunoId }));
    const response = await fetch(`${t.url}/api/expenses.csv?year=2026`, { headers: { cookie: bruno.cookie! } });
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toContain('spese-2026.csv');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe('Data;Categoria;Descrizione;Importo CHF;Pagato da;Ricorrente;Verificata;Ricevuta;Registrata da');
    expect(lines[1]).toBe(`01.03.2026;Legna;"'=HYPERLINK(""http://x"")";480.00;Conto della casa;No;No;;${(await admin.get('/api/session')).body.user.name}`);
    expect(lines[2]).toContain('Spazzacamino, caldaia e stufa à legna;350.50;');
  });
});
