import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../db/migrations/2026-11-28-3903-file-owners.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/databases.ts';
import { FAST_PASSWORD_HASH, startTestApp, type TestApp, type TestClient } from '../test/test-app.ts';
import { createUser } from '../users/service.ts';

const MB = 1024 * 1024;

/** A PDF of about `mb` megabytes that compresses to nothing (random bytes between its header and end marker). */
const pdf = (mb: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(mb * MB - 16), Buffer.from('\n%%EOF\n')]);

/**
 * Storage budgets (issue 39): a member's uploads may keep 10 MB here, the house 20 MB; each
 * receipt is a PDF of 4 or 5 MB, stored as it is.
 */
describe.each(testDialects)('storage budgets (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestClient;
  const members: Record<'anna' | 'bruno' | 'carla', { client: TestClient; id: string }> = {} as never;

  beforeAll(async () => {
    t = await startTestApp(dialect, { STORAGE_PER_MEMBER_MB: '10', STORAGE_PER_HOUSE_MB: '20' });
    admin = await t.login('admin');
    for (const name of ['anna', 'bruno', 'carla'] as const) {
      const client = await t.login('member');
      members[name] = { client, id: (await client.get('/api/session')).body.user.id };
    }
  });
  afterAll(() => t.close());

  async function newExpense(who: keyof typeof members): Promise<string> {
    const { client, id } = members[who];
    const response = await client.post('/api/expenses', { date: '2026-10-05', amountCentimes: 1000, category: 'repairs', description: 'Ricevuta', paidById: id, recurring: false });
    expect(response.status).toBe(201);
    return response.body.expense.id;
  }

  const attach = (who: keyof typeof members, expenseId: string, mb: number) =>
    members[who].client.request('PUT', `/api/expenses/${expenseId}/receipt`, new Uint8Array(pdf(mb)), { 'content-type': 'application/pdf' });

  const receiptOf = async (expenseId: string) => (await admin.get('/api/expenses')).body.expenses.find((e: { id: string }) => e.id === expenseId).receipt;
  const stored = async () => Number((await t.ctx.db.selectFrom('files').select((eb) => eb.fn.sum<string | number>('size').as('bytes')).executeTakeFirstOrThrow()).bytes ?? 0);

  it("refuses a member's upload past their budget and changes nothing; a replaced or deleted receipt no longer counts", async () => {
    const [first, second, third] = [await newExpense('anna'), await newExpense('anna'), await newExpense('anna')];
    expect((await attach('anna', first, 4)).status).toBe(200);
    expect((await attach('anna', second, 4)).status).toBe(200);
    const before = await stored();

    const refused = await attach('anna', third, 4);
    expect({ status: refused.status, error: refused.body.error }).toMatchObject({ status: 409, error: { code: 'STORAGE_FULL', details: { usedMb: 8, budgetMb: 10 } } });
    expect(await receiptOf(third)).toBeNull();
    expect(await stored()).toBe(before);

    // Replacing the second receipt frees what it took.
    expect((await attach('anna', second, 4)).status).toBe(200);
    expect(await stored()).toBe(before);
    expect((await members.anna.client.delete(`/api/expenses/${first}`)).status).toBe(204);
    expect((await attach('anna', third, 4)).status).toBe(200);
  });

  it('lets exactly one of two uploads at once take the last room', async () => {
    const base = await newExpense('bruno');
    expect((await attach('bruno', base, 4)).status).toBe(200);
    for (let trial = 0; trial < 3; trial += 1) {
      const expenses = [await newExpense('bruno'), await newExpense('bruno')];
      const answers = await Promise.all(expenses.map((id) => attach('bruno', id, 4)));
      expect(answers.map((answer) => answer.status).sort(), `trial ${trial}`).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)!.body.error.code).toBe('STORAGE_FULL');
      const receipts = await Promise.all(expenses.map(receiptOf));
      expect(receipts.filter(Boolean)).toHaveLength(1);
      // The winner goes, so the next trial starts at the same edge.
      const winner = expenses[answers.findIndex((answer) => answer.status === 200)]!;
      expect((await members.bruno.client.delete(`/api/expenses/${winner}`)).status).toBe(204);
    }
  });

  it("refuses an upload past the house's budget even within the member's, and counts profile photos", async () => {
    // Anna and Bruno keep 8 and 4 MB.
    expect((await attach('carla', await newExpense('carla'), 4)).status).toBe(200);
    const photo = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .png()
      .toBuffer();
    expect((await members.carla.client.request('PUT', '/api/profile/photo', new Uint8Array(photo), { 'content-type': 'image/png' })).status).toBe(200);
    const before = await stored();

    const expenseId = await newExpense('carla');
    const refused = await attach('carla', expenseId, 5);
    expect({ status: refused.status, code: refused.body.error.code, budgetMb: refused.body.error.details.budgetMb }).toEqual({ status: 409, code: 'HOUSE_STORAGE_FULL', budgetMb: 20 });
    expect(await receiptOf(expenseId)).toBeNull();
    expect(await stored()).toBe(before);
  });

  it('shows admins the storage used per member and for the house, against the budgets', async () => {
    const files = await t.ctx.db.selectFrom('files').select(['ownerId', 'size']).execute();
    const bytesOf = (id: string) => files.filter((file) => file.ownerId === id).reduce((sum, file) => sum + file.size, 0);
    const answer = await admin.get('/api/admin/statistics/storage');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ houseBytes: await stored(), houseBudgetBytes: 20 * MB, memberBudgetBytes: 10 * MB });
    expect(answer.body.members.map((m: { memberId: string; bytes: number }) => [m.memberId, m.bytes])).toEqual([
      [members.anna.id, bytesOf(members.anna.id)],
      [members.carla.id, bytesOf(members.carla.id)],
      [members.bruno.id, bytesOf(members.bruno.id)],
    ]);
    // Carla's photo counts for her, beside her receipt.
    expect(bytesOf(members.carla.id)).toBeGreaterThan(4 * MB);
    expect((await members.anna.client.get('/api/admin/statistics/storage')).status).toBe(403);
  });
});

describe.each(testDialects)('files stored before the budgets (%s)', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.drop());

  it("counts a photo for its member and a receipt with its thumbnail for the expense's author; anything else for the house only", async () => {
    const db = database.db;
    const at = new Date().toISOString();
    const author = await createUser({ db, now: () => new Date(), config: { passwordHash: FAST_PASSWORD_HASH } }, { email: 'autrice@example.ch', name: 'Autrice', password: null, role: 'member' });
    await db.updateTable('users').set({ photo: `${author.id}-aaaaaaaaaaaa.webp` }).where('id', '=', author.id).execute();
    const receiptKey = 'receipts/spesa-1-bbbbbbbbbbbb.webp';
    await db
      .insertInto('expenses')
      .values({ id: 'spesa-1', date: '2026-01-05', amountCentimes: 500, category: 'repairs', description: 'Vetro', paidById: author.id, recurring: 0, verified: 0, authorId: author.id, receiptKind: 'image', receiptKey, createdAt: at, updatedAt: at })
      .execute();
    // The table as it was before the migration, its files as they were stored then.
    await down(db as Kysely<unknown>);
    for (const key of [`photos/${author.id}-aaaaaaaaaaaa.webp`, receiptKey, `${receiptKey}.thumbnail.webp`, 'photos/old-cccccccccccc.webp']) {
      await sql`insert into files (key, content_type, bytes, size, created_at) values (${key}, 'image/webp', ${Buffer.from('x')}, 1, ${at})`.execute(db);
    }
    await up(db as Kysely<unknown>);
    const owners = await db.selectFrom('files').select(['key', 'ownerId']).orderBy('key').execute();
    expect(owners).toEqual([
      { key: `photos/${author.id}-aaaaaaaaaaaa.webp`, ownerId: author.id },
      { key: 'photos/old-cccccccccccc.webp', ownerId: null },
      { key: receiptKey, ownerId: author.id },
      { key: `${receiptKey}.thumbnail.webp`, ownerId: author.id },
    ]);
  });
});
