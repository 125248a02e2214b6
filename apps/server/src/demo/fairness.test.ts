import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../test/test-app.ts';
import { DEMO_PASSWORD, seedDemo } from './seed.ts';

describe('the demo house’s fair booking', () => {
  let t: TestApp;
  let giulia: TestClient;
  let luca: TestClient;

  const login = async (local: string) => {
    const client = t.client();
    expect((await client.post('/api/session', { email: `${local}@bernasconi.ch`, password: DEMO_PASSWORD })).status).toBe(200);
    return client;
  };

  beforeAll(async () => {
    t = await startTestApp('sqlite');
    await seedDemo(t.ctx);
    giulia = await login('giulia');
    luca = await login('luca');
  });
  afterAll(() => t.close());

  it('has a 30-night quota and Natale e Capodanno and Ferragosto as peak periods, set by Marco and Giulia', async () => {
    expect((await luca.get('/api/house/rules')).body.rules.quotaNights).toBe(30);
    expect((await luca.get('/api/peak-periods')).body.peakPeriods.map((p: any) => [p.name, p.from, p.to, p.year])).toEqual([
      ['Ferragosto', '08-10', '08-20', null],
      ['Natale e Capodanno', '12-20', '01-06', null],
    ]);
    const history = (await luca.get('/api/house/rules/history')).body.changes;
    expect(history.map((c: any) => [c.rule, c.byName])).toEqual([
      ['peakPeriod', 'Giulia Bernasconi'],
      ['peakPeriod', 'Marco Bernasconi'],
      ['quotaNights', 'Marco Bernasconi'],
    ]);
  });

  it('has two overlapping Christmas requests waiting, which an administrator can compare', async () => {
    const requests = (await luca.get('/api/booking-requests')).body.bookings;
    expect(requests.map((b: any) => [b.ownerName, b.start.slice(5), b.end.slice(5)])).toEqual([
      ['Sofia Bernasconi', '12-22', '12-27'],
      ['Elena Pedrazzi', '12-24', '12-31'],
    ]);
    const competing = (await giulia.get(`/api/bookings/${requests[0].id}/competing`)).body.requests;
    expect(competing).toHaveLength(2);
    expect(competing[0].peakHistory).toHaveLength(5);
  });

  it("is in the middle of the summer's turns: Giulia booked, Luca skipped, Sofia's turn now; next year's order rotates", async () => {
    const [round] = (await luca.get('/api/turns')).body.rounds;
    expect(round.status).toBe('running');
    expect(round.turns.map((turn: any) => [turn.memberName.split(' ')[0], turn.status, turn.endedBy])).toEqual([
      ['Giulia', 'done', 'booked'],
      ['Luca', 'done', 'skipped'],
      ['Sofia', 'current', null],
      ['Elena', 'waiting', null],
      ['Andrea', 'waiting', null],
      ['Marco', 'waiting', null],
    ]);
    const booked = await luca.post('/api/bookings', { start: `${round.from.slice(0, 4)}-08-24`, end: `${round.from.slice(0, 4)}-08-26`, purpose: 'personal' });
    expect(booked.body.error).toMatchObject({ code: 'NOT_YOUR_TURN', details: { currentMemberName: 'Sofia Bernasconi' } });
    const sofia = await login('sofia');
    expect((await sofia.get('/api/notices')).body.notices[0]).toMatchObject({ kind: 'turn-started', roundId: round.id });
    const suggestion = (await giulia.get(`/api/turns/suggested-order?from=${Number(round.from.slice(0, 4)) + 1}-07-01`)).body;
    expect(suggestion.basedOnRoundId).toBe(round.id);
    expect(suggestion.order.slice(0, 6).map((m: any) => m.name.split(' ')[0])).toEqual(['Luca', 'Sofia', 'Elena', 'Andrea', 'Marco', 'Giulia']);
  });
});
