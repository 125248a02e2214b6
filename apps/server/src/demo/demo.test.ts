import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../test/test-app.ts';
import { DEMO_PASSWORD, seedDemo } from './seed.ts';

describe('the demo house', () => {
  let t: TestApp;
  let luca: TestClient;

  beforeAll(async () => {
    t = await startTestApp('sqlite');
    await seedDemo(t.ctx);
    luca = t.client();
    expect((await luca.post('/api/session', { email: 'luca@bernasconi.ch', password: DEMO_PASSWORD })).status).toBe(200);
  });
  afterAll(() => t.close());

  it('has three years of expenses, each with its receipt, and contributions every year', async () => {
    for (const year of [2024, 2025, 2026]) {
      const expenses = (await luca.get(`/api/expenses?year=${year}`)).body.expenses;
      expect(expenses.length, String(year)).toBeGreaterThanOrEqual(5);
      expect(expenses.every((e: any) => e.receipt !== null)).toBe(true);
      expect((await luca.get(`/api/accounts/${year}/contributions`)).body.contributions).toHaveLength(3);
    }
    const photo = (await luca.get('/api/expenses?year=2026')).body.expenses.find((e: any) => e.receipt.kind === 'image');
    expect((await luca.get(photo.receipt.thumbnailUrl)).status).toBe(200);
  });

  it('has Luca’s hold on three free nights, ending in three days', async () => {
    const now = t.clock.now().getTime();
    const from = new Date(now).toISOString().slice(0, 10);
    const to = new Date(now + 60 * 86_400_000).toISOString().slice(0, 10);
    const holds = (await luca.get(`/api/holds?from=${from}&to=${to}`)).body.holds;
    expect(holds).toEqual([expect.objectContaining({ ownerName: 'Luca Bernasconi' })]);
    expect(Math.round((Date.parse(holds[0].lastDay) - Date.parse(from)) / 86_400_000)).toBeGreaterThanOrEqual(2);
    expect(Math.round((Date.parse(holds[0].lastDay) - Date.parse(from)) / 86_400_000)).toBeLessThanOrEqual(4);
    expect((await luca.post('/api/bookings', { start: holds[0].start, end: holds[0].end, purpose: 'personal' })).body.error.code).toBe('NIGHTS_HELD');
  });

  it('has supplies with the firewood low, two yearly tasks, and the last stay\'s handover', async () => {
    const supplies = (await luca.get('/api/supplies')).body.supplies;
    expect(supplies.filter((s: any) => s.state !== 'ok' && s.claimedById === null).map((s: any) => s.name)).toEqual(['Legna']);
    const tasks = (await luca.get('/api/tasks')).body.tasks;
    expect(tasks.filter((task: any) => task.yearly).map((task: any) => task.title).sort()).toEqual(['Aprire l’acqua', 'Spazzacamino']);
    const handover = await t.ctx.db.selectFrom('handovers').innerJoin('users', 'users.id', 'handovers.userId').select(['users.name', 'handovers.note']).execute();
    expect(handover).toEqual([{ name: 'Luca Bernasconi', note: expect.stringContaining('legna') }]);
  });

  it('has one swap waiting for Marco, the demo login, on Home and in his notices', async () => {
    const marco = t.client();
    expect((await marco.post('/api/session', { email: 'marco@bernasconi.ch', password: DEMO_PASSWORD })).status).toBe(200);
    const swaps = (await marco.get('/api/swaps')).body.swaps;
    expect(swaps).toHaveLength(1);
    expect(swaps[0]).toMatchObject({ toName: 'Marco Bernasconi', state: 'pending', stale: false });
    expect((await marco.get('/api/notices')).body.notices.map((n: any) => n.kind)).toContain('swap-proposed');
  });

  it('leaves exactly one reimbursement open, and the balances add up', async () => {
    const balances = (await luca.get('/api/accounts/balances')).body;
    const owed = balances.members.filter((m: any) => m.balanceCentimes > 0);
    expect(owed.map((m: any) => [m.name, m.balanceCentimes])).toEqual([['Marco Bernasconi', 21_240]]);
    expect(balances.houseCentimes + balances.members.reduce((sum: number, m: any) => sum + m.balanceCentimes, 0)).toBe(0);
  });

  it('shows the admins a departure reading Luca typed with an extra digit, put right by Giulia', async () => {
    const giulia = t.client();
    expect((await giulia.post('/api/session', { email: 'giulia@bernasconi.ch', password: DEMO_PASSWORD })).status).toBe(200);
    const readings = (await giulia.get('/api/admin/readings')).body.readings;
    const corrected = readings.filter((r: any) => r.corrections.length > 0);
    expect(corrected.map((r: any) => [r.ownerName, r.kind, r.corrections.at(-1).correctedByName])).toEqual([
      ['Luca Bernasconi', 'checkout', 'Giulia Bernasconi'],
    ]);
    expect(corrected[0].corrections[0].previousDayKwh).toBeGreaterThan(corrected[0].dayKwh);
  });

  it('has members who sign in with passkeys, which Utenti shows, and members who still type a password', async () => {
    const marco = t.client();
    expect((await marco.post('/api/session', { email: 'marco@bernasconi.ch', password: DEMO_PASSWORD })).status).toBe(200);
    const passkeys = Object.fromEntries((await marco.get('/api/users')).body.users.map((u: any) => [u.name, u.passkeys]));
    expect(passkeys).toMatchObject({ 'Rosa Bernasconi': 1, 'Sofia Bernasconi': 2, 'Giulia Bernasconi': 1, 'Luca Bernasconi': 0, 'Marco Bernasconi': 0 });
  });
});
