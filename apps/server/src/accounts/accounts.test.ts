import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases.ts';
import { startTestApp, type TestApp, type TestClient } from '../test/test-app.ts';
import { balanceBill } from './service.ts';

describe.each(testDialects)('accounts and balances (%s)', (dialect) => {
  let t: TestApp;
  let lucia: TestClient;
  let bruno: TestClient;
  let admin: TestClient;
  let luciaId: string;
  let brunoId: string;
  let adminId: string;
  let insuranceReceipt: string;

  const idOf = async (client: TestClient) => (await client.get('/api/session')).body.user.id as string;
  const balanceOf = async (id: string) => (await lucia.get('/api/accounts/balances')).body.members.find((m: any) => m.memberId === id);

  async function finishedStay(client: TestClient, start: string, end: string, kwh: number, paid: boolean) {
    const booking = (await client.post('/api/bookings', { start, end, purpose: 'personal' })).body.booking;
    const meter = (await client.get('/api/meter/latest')).body.reading?.totalKwh ?? 1000;
    await client.post(`/api/bookings/${booking.id}/checkin`, { dayKwh: meter, nightKwh: 0 });
    await client.post(`/api/bookings/${booking.id}/checkout`, { dayKwh: meter + kwh, nightKwh: 0, checklistDone: true });
    if (paid) await client.post(`/api/bookings/${booking.id}/payment`, { method: 'bank_transfer' });
  }

  async function verifiedExpense(by: TestClient, body: Record<string, unknown>) {
    const created = (await by.post('/api/expenses', body)).body.expense;
    const verified = await admin.request('PUT', `/api/expenses/${created.id}`, { ...body, verified: true });
    expect(verified.status).toBe(200);
    return created.id as string;
  }

  beforeAll(async () => {
    t = await startTestApp(dialect);
    lucia = await t.login('member');
    bruno = await t.login('member');
    admin = await t.login('admin');
    [luciaId, brunoId, adminId] = await Promise.all([idOf(lucia), idOf(bruno), idOf(admin)]);
    await t.ctx.db.updateTable('users').set({ name: 'Lucia Rè' }).where('id', '=', luciaId).execute();
    await finishedStay(admin, '2026-01-10', '2026-01-13', 100, true); // 180.00 by bank transfer
    // From today, the test clock's 21 November: check-in opens on the arrival day.
    await finishedStay(lucia, '2026-11-21', '2026-11-23', 20.5, false); // 106.15, open
    const base = { description: 'x', recurring: false, paidById: null };
    const insurance = await verifiedExpense(admin, { ...base, date: '2026-01-15', amountCentimes: 120_000, category: 'insurance', description: 'Assicurazione stabile', recurring: true });
    const receipt = await admin.request('PUT', `/api/expenses/${insurance}/receipt`, Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'), { 'content-type': 'application/pdf' });
    insuranceReceipt = receipt.body.expense.receipt.reference;
    await verifiedExpense(lucia, { ...base, date: '2026-03-05', amountCentimes: 35_050, category: 'repairs', description: 'Idraulico', paidById: luciaId });
    await verifiedExpense(admin, { ...base, date: '2025-06-01', amountCentimes: 8_000, category: 'water', description: 'Acqua 2025', recurring: true });
  });
  afterAll(() => t.close());

  it("issues the co-owners' contributions once, and refuses shares that do not add up", async () => {
    const bad = await admin.request('PUT', '/api/accounts/shares', { mode: 'percent', shares: [{ userId: adminId, percent: 50 }, { userId: luciaId, percent: 49 }] });
    expect({ status: bad.status, code: bad.body.error.code }).toEqual({ status: 400, code: 'SHARES_INVALID' });
    const unknown = await admin.request('PUT', '/api/accounts/shares', { mode: 'equal', shares: [{ userId: 'nobody' }] });
    expect({ status: unknown.status, code: unknown.body.error.code }).toEqual({ status: 400, code: 'UNKNOWN_MEMBER' });
    const missing = await admin.post('/api/accounts/2026/contributions', {});
    expect({ status: missing.status, code: missing.body.error.code }).toEqual({ status: 409, code: 'SHARES_MISSING' });
    expect((await lucia.request('PUT', '/api/accounts/shares', { mode: 'equal', shares: [{ userId: luciaId }] })).status).toBe(403);
    expect((await lucia.request('PUT', '/api/accounts/budget', { budgetCentimes: 1 })).status).toBe(403);

    expect((await admin.request('PUT', '/api/accounts/budget', { budgetCentimes: 300_000 })).status).toBe(204);
    expect((await admin.request('PUT', '/api/accounts/shares', { mode: 'equal', shares: [{ userId: adminId }, { userId: luciaId }] })).status).toBe(204);
    // Two admins (or a double tap) issuing at once: one set of contributions.
    const issued = await Promise.all([admin.post('/api/accounts/2026/contributions', {}), admin.post('/api/accounts/2026/contributions', {})]);
    expect(issued.map((r) => r.status)).toEqual([200, 200]);
    const year = (await lucia.get('/api/accounts/2026/contributions')).body;
    expect(year.contributions.map((c: any) => [c.userId, c.amountCentimes, c.paid]).sort()).toEqual(
      [
        [adminId, 150_000, false],
        [luciaId, 150_000, false],
      ].sort(),
    );
    const mine = year.contributions.find((c: any) => c.userId === luciaId);
    const bill = await lucia.get(`/api/contributions/${mine.id}/qr-bill.svg`);
    expect(bill.headers.get('content-type')).toContain('image/svg+xml');
    expect((await bruno.get(`/api/contributions/${mine.id}/qr-bill.svg`)).status).toBe(403);

    const adminsOwn = year.contributions.find((c: any) => c.userId === adminId);
    expect((await lucia.post(`/api/contributions/${adminsOwn.id}/paid`, {})).status).toBe(403);
    expect((await admin.post(`/api/contributions/${adminsOwn.id}/paid`, {})).body.contribution.paid).toBe(true);
    expect((await admin.post(`/api/contributions/${adminsOwn.id}/paid`, {})).status).toBe(409);
  });

  it('computes the year the way one would by hand', async () => {
    const account = (await lucia.get('/api/accounts/2026')).body;
    expect(account.income).toEqual({ byMethod: [{ method: 'bank_transfer', centimes: 18_000 }], contributionsCentimes: 150_000, totalCentimes: 168_000 });
    expect(account.expenses).toEqual({
      byCategory: [
        { category: 'insurance', centimes: 120_000 },
        { category: 'repairs', centimes: 35_050 },
      ],
      totalCentimes: 155_050,
    });
    expect(account.resultCentimes).toBe(12_950);
    expect(account.budget).toEqual({ budgetCentimes: 300_000, fixedSpentCentimes: 120_000 });
    expect(account.months[0]).toEqual({ month: 1, incomeCentimes: 18_000, expensesCentimes: 120_000 });
    expect(account.months[2]).toEqual({ month: 3, incomeCentimes: 0, expensesCentimes: 35_050 });
    // The paid contribution counts in the month it was paid (the test clock's November).
    expect(account.months[10]).toEqual({ month: 11, incomeCentimes: 150_000, expensesCentimes: 0 });
    expect((await lucia.get('/api/accounts/1999')).status).toBe(400);
  });

  it("gives each member one balance, and everyone's adds up to zero", async () => {
    const body = (await bruno.get('/api/accounts/balances')).body;
    const lucias = body.members.find((m: any) => m.memberId === luciaId);
    // Paid 350.50; owes the open stay 106.15 and the contribution 1500.-.
    expect(lucias).toMatchObject({ name: 'Lucia Rè', paidCentimes: 35_050, owedCentimes: 160_615, settledCentimes: 0, balanceCentimes: -125_565 });
    expect(body.members.find((m: any) => m.memberId === adminId).balanceCentimes).toBe(0);
    expect(body.houseCentimes + body.members.reduce((sum: number, m: any) => sum + m.balanceCentimes, 0)).toBe(0);
  });

  it("prints the year statement with the account, the expenses' receipt references, and my QR-bill", async () => {
    const response = await fetch(`${t.url}/api/accounts/2026/statement.pdf`, { headers: { cookie: lucia.cookie! } });
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
    const { text, totalPages } = await extractText(pdf, { mergePages: false });
    const all = text.join('\n');
    expect(all).toContain('conto 2026');
    expect(all).toContain("CHF 1'680.-"); // income
    expect(all).toContain("CHF 1'550.50"); // expenses
    expect(all).toContain('CHF 129.50'); // result
    expect(all).toContain('Idraulico');
    expect(insuranceReceipt).toMatch(/^R-[0-9A-F]{8}$/);
    expect(all).toContain(insuranceReceipt);
    expect(all).toContain("CHF -1'255.65"); // Lucia's balance in the table
    const reference = balanceBill({ id: luciaId, name: 'Lucia Rè' }, 125_565, '2026-11-21', 'it').reference;
    const lastPage = text[totalPages - 1]!.replaceAll(/\s+/g, '');
    expect(lastPage).toContain(reference);
    expect(lastPage).toContain('1255.65');
    // Someone who owes nothing gets no QR-bill page.
    const adminPdf = await fetch(`${t.url}/api/accounts/2026/statement.pdf`, { headers: { cookie: admin.cookie! } });
    const adminText = (await extractText(await getDocumentProxy(new Uint8Array(await adminPdf.arrayBuffer())), { mergePages: true })).text;
    expect(adminText.replaceAll(/\s+/g, '')).not.toContain('RF');
  });

  it('prints the statement and its QR-facture in French for a page in French', async () => {
    const response = await fetch(`${t.url}/api/accounts/2026/statement.pdf`, { headers: { cookie: lucia.cookie!, 'accept-language': 'fr-CH, fr;q=0.9, it;q=0.5' } });
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="decompte-2026.pdf"');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await response.arrayBuffer())), { mergePages: true });
    for (const words of ['décompte 2026', 'Compte annuel', 'Total des recettes', 'Dépenses: Assurance', 'Quittance', 'Soldes', 'Montant ouvert de Lucia Rè', 'Récépissé', 'Section paiement', 'Compte / Payable à', 'Solde maison, Lucia Rè']) {
      expect(text).toContain(words);
    }
    expect(text).toContain("CHF 1'680.-");
    expect(text).not.toContain('Conto annuale');
    // Her balance's QR-bill on the page in French too.
    const bill = await fetch(`${t.url}/api/accounts/balances/qr-bill.svg`, { headers: { cookie: lucia.cookie!, 'accept-language': 'fr-CH' } });
    const svg = await bill.text();
    expect(svg).toContain('Section paiement');
    expect(svg).not.toContain('Sezione pagamento');
  });

  it('lets a member pay the house by QR-bill for the exact amount, recorded by an admin', async () => {
    const bill = await lucia.get('/api/accounts/balances/qr-bill.svg');
    expect(bill.status).toBe(200);
    expect(bill.body).toContain('1 255.65');
    const nothing = await admin.get('/api/accounts/balances/qr-bill.svg');
    expect({ status: nothing.status, code: nothing.body.error.code }).toEqual({ status: 409, code: 'NOTHING_OWED' });
    const tooMuch = await admin.post('/api/accounts/settlements', { userId: luciaId, kind: 'payment', amountCentimes: 125_570 });
    expect({ status: tooMuch.status, code: tooMuch.body.error.code }).toEqual({ status: 409, code: 'NOTHING_OWED' });
    expect((await lucia.post('/api/accounts/settlements', { userId: luciaId, kind: 'payment', amountCentimes: 125_565 })).status).toBe(403);
    const paid = await admin.post('/api/accounts/settlements', { userId: luciaId, kind: 'payment', amountCentimes: 125_565 });
    expect(paid.status).toBe(201);
    expect(await balanceOf(luciaId)).toMatchObject({ settledCentimes: 125_565, balanceCentimes: 0 });
  });

  it('records a reimbursement once, even when two admins record it at the same moment', async () => {
    await verifiedExpense(bruno, { date: '2026-11-02', amountCentimes: 20_000, category: 'firewood', description: 'Legna', paidById: brunoId, recurring: false });
    expect((await balanceOf(brunoId)).balanceCentimes).toBe(20_000);
    const bad = await admin.post('/api/accounts/settlements', { userId: brunoId, kind: 'reimbursement', amountCentimes: 0 });
    expect({ status: bad.status, code: bad.body.error.code }).toEqual({ status: 400, code: 'AMOUNT_INVALID' });
    const unknown = await admin.post('/api/accounts/settlements', { userId: 'nobody', kind: 'reimbursement', amountCentimes: 5 });
    expect({ status: unknown.status, code: unknown.body.error.code }).toEqual({ status: 400, code: 'UNKNOWN_MEMBER' });
    const admin2 = await t.login('admin');
    const results = await Promise.all([
      admin.post('/api/accounts/settlements', { userId: brunoId, kind: 'reimbursement', amountCentimes: 20_000 }),
      admin2.post('/api/accounts/settlements', { userId: brunoId, kind: 'reimbursement', amountCentimes: 20_000 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await balanceOf(brunoId)).toMatchObject({ paidCentimes: 20_000, settledCentimes: -20_000, balanceCentimes: 0 });
    const all = (await lucia.get('/api/accounts/balances')).body;
    expect(all.settlements.filter((s: any) => s.userId === brunoId)).toHaveLength(1);
    expect(all.houseCentimes + all.members.reduce((sum: number, m: any) => sum + m.balanceCentimes, 0)).toBe(0);
  });
});
