import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { turnRoundInputSchema } from './api/turns.ts';
import { addDays } from './dates.ts';
import { HOUR_MS, nightsInRange, stayInRange, suggestedTurnOrder, turnQueue, type TurnPass } from './turns.ts';

const OPENED = '2027-03-01T08:00:00.000Z';
const at = (hours: number) => new Date(Date.parse(OPENED) + hours * HOUR_MS);
const iso = (hours: number) => at(hours).toISOString();
const round = { openedAt: OPENED, order: ['anna', 'bruno', 'carla'], windowHours: 48 };

describe('turnQueue', () => {
  it('starts with the first member, who has the window', () => {
    const queue = turnQueue(round, [], at(1));
    expect(queue.status).toBe('running');
    expect(queue.current).toMatchObject({ memberId: 'anna', startsAt: iso(0), endsAt: iso(48) });
    expect(queue.turns.map((t) => t.status)).toEqual(['current', 'waiting', 'waiting']);
    expect(queue.turns[2]).toMatchObject({ startsAt: iso(96), endsAt: iso(144) });
  });

  it('passes the turn on a booking or a skip, at that moment', () => {
    const passes: TurnPass[] = [
      { position: 0, at: iso(5), reason: 'booked', bookingId: 'b1' },
      { position: 1, at: iso(7), reason: 'skipped' },
    ];
    const queue = turnQueue(round, passes, at(8));
    expect(queue.turns.map((t) => [t.memberId, t.status, t.endedBy])).toEqual([
      ['anna', 'done', 'booked'],
      ['bruno', 'done', 'skipped'],
      ['carla', 'current', null],
    ]);
    expect(queue.turns[0]!.bookingId).toBe('b1');
    expect(queue.current).toMatchObject({ startsAt: iso(7), endsAt: iso(55) });
  });

  it('passes the turn when the window runs out, from the clock alone', () => {
    expect(turnQueue(round, [], at(47.99)).current?.memberId).toBe('anna');
    const later = turnQueue(round, [], at(48));
    expect(later.current).toMatchObject({ memberId: 'bruno', startsAt: iso(48) });
    expect(later.turns[0]!.endedBy).toBe('expired');
    const done = turnQueue(round, [], at(144));
    expect(done).toMatchObject({ status: 'finished', current: null });
  });

  it('ignores a pass recorded outside its turn’s window, and one not yet happened', () => {
    expect(turnQueue(round, [{ position: 1, at: iso(1), reason: 'skipped' }], at(2)).current?.memberId).toBe('anna');
    expect(turnQueue(round, [{ position: 0, at: iso(10), reason: 'skipped' }], at(2)).current?.memberId).toBe('anna');
  });

  it('stops at a closing: the running turn ends "closed", nobody has the range', () => {
    const queue = turnQueue({ ...round, closedAt: iso(50) }, [], at(60));
    expect(queue).toMatchObject({ status: 'closed', current: null });
    expect(queue.turns.map((t) => [t.status, t.endedBy])).toEqual([
      ['done', 'expired'],
      ['done', 'closed'],
      ['waiting', null],
    ]);
  });

  const passes = fc.array(
    fc.record({ position: fc.nat(5), at: fc.integer({ min: 0, max: 400 }).map(iso), reason: fc.constantFrom('booked' as const, 'skipped' as const) }),
    { maxLength: 8 },
  );

  it('always has at most one current turn, the turns in order, each starting when the one before ended', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 96 }), passes, fc.integer({ min: 0, max: 800 }), (n, windowHours, ps, now) => {
        const r = { openedAt: OPENED, order: Array.from({ length: n }, (_, i) => `m${i}`), windowHours };
        const queue = turnQueue(r, ps, at(now));
        const statuses = queue.turns.map((t) => t.status);
        expect(statuses.filter((s) => s === 'current').length).toBeLessThanOrEqual(1);
        // done… current? waiting…
        expect(statuses.join(',')).toMatch(/^(done,)*(done|current|waiting)?(,waiting)*$/);
        for (let i = 1; i < queue.turns.length; i++) expect(queue.turns[i]!.startsAt).toBe(queue.turns[i - 1]!.endsAt);
        for (const t of queue.turns) {
          expect(Date.parse(t.endsAt) - Date.parse(t.startsAt)).toBeLessThanOrEqual(windowHours * HOUR_MS);
          if (t.status === 'done') expect(Date.parse(t.endsAt)).toBeLessThanOrEqual(at(now).getTime());
        }
        expect(queue.status === 'finished').toBe(statuses.every((s) => s === 'done'));
        // Without passes, everything is over after n windows.
        if (ps.length === 0) expect(queue.status).toBe(now >= n * windowHours ? 'finished' : 'running');
      }),
    );
  });

  it('only moves forward as time passes', () => {
    fc.assert(
      fc.property(passes, fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 400 }), (ps, a, b) => {
        const [early, late] = [Math.min(a, b), Math.max(a, b)];
        const position = (h: number) => turnQueue(round, ps, at(h)).current?.position ?? round.order.length;
        expect(position(late)).toBeGreaterThanOrEqual(position(early));
      }),
    );
  });
});

describe('suggestedTurnOrder', () => {
  it("rotates last year's order by one: the first goes last", () => {
    expect(suggestedTurnOrder(['anna', 'bruno', 'carla'], ['carla', 'bruno', 'anna'])).toEqual(['bruno', 'carla', 'anna']);
  });

  it('drops who left and adds who joined at the end; without a previous order, the members as given', () => {
    expect(suggestedTurnOrder(['anna', 'bruno', 'carla'], ['anna', 'carla', 'dario'])).toEqual(['carla', 'anna', 'dario']);
    expect(suggestedTurnOrder(null, ['anna', 'bruno'])).toEqual(['anna', 'bruno']);
  });

  it('is a permutation of the members, and n rotations of a full order give it back', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 8 }), (members) => {
        let order: string[] = [...members];
        for (let i = 0; i < members.length; i++) {
          order = suggestedTurnOrder(order, members);
          expect([...order].sort()).toEqual([...members].sort());
          // Everyone moves up by one: the first of the last order is now last.
        }
        expect(order).toEqual(members);
      }),
    );
  });
});

describe('ranges', () => {
  it('holds both ends of a round, and counts only the nights inside it', () => {
    const summer = { from: '2027-07-01', to: '2027-08-31' };
    expect(stayInRange({ start: '2027-06-28', end: '2027-07-01' }, summer)).toBe(false);
    expect(stayInRange({ start: '2027-06-28', end: '2027-07-02' }, summer)).toBe(true);
    expect(stayInRange({ start: '2027-08-31', end: '2027-08-31' }, summer)).toBe(true);
    expect(nightsInRange({ start: '2027-08-29', end: '2027-09-04' }, summer)).toBe(3);
    fc.assert(
      fc.property(fc.nat(120), fc.nat(30), (offset, nights) => {
        const stay = { start: addDays('2027-06-01', offset), end: addDays('2027-06-01', offset + nights) };
        expect(nightsInRange(stay, summer)).toBeLessThanOrEqual(nights);
        if (nightsInRange(stay, summer) > 0) expect(stayInRange(stay, summer)).toBe(true);
      }),
    );
  });

  it('refuses an order naming someone twice', () => {
    const input = { from: '2027-07-01', to: '2027-08-31', order: ['a', 'b', 'a'], nightsPerTurn: 7, windowHours: 48 };
    expect(turnRoundInputSchema.safeParse(input).success).toBe(false);
    expect(turnRoundInputSchema.safeParse({ ...input, order: ['a', 'b'] }).success).toBe(true);
  });
});
