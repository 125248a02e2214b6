import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeChanges, type QueuedChange } from './merge.ts';

const booking = (subjectId: string, action: QueuedChange['action'], end = '2027-05-03'): QueuedChange => ({
  kind: 'bookings',
  subjectId,
  action,
  details: { actorName: 'Marco', ownerName: 'Marco', start: '2027-05-01', end },
});

/** A booking's life as it can happen: made (or already there), moved any number of times, perhaps cancelled. */
const life = (subjectId: string) =>
  fc.record({ made: fc.boolean(), moves: fc.array(fc.integer({ min: 10, max: 28 }), { maxLength: 6 }), cancelled: fc.boolean() }).map(({ made, moves, cancelled }) => {
    const changes: QueuedChange[] = [];
    let end = '2027-05-03';
    if (made) changes.push(booking(subjectId, 'created', end));
    for (const day of moves) {
      end = `2027-05-${day}`;
      changes.push(booking(subjectId, 'updated', end));
    }
    if (cancelled) changes.push(booking(subjectId, 'deleted', end));
    return changes;
  });

/** Several bookings' lives, their changes interleaved in any order that keeps each life's own order. */
const interleaved = fc
  .array(life('x'), { minLength: 1, maxLength: 4 })
  .map((lives) => lives.map((changes, i) => changes.map((c) => ({ ...c, subjectId: `b${i}` }))))
  .chain((lives) =>
    fc.array(fc.nat(), { minLength: lives.flat().length, maxLength: lives.flat().length }).map((picks) => {
      const queues = lives.map((l) => [...l]);
      const order: QueuedChange[] = [];
      for (const pick of picks) {
        const open = queues.filter((q) => q.length > 0);
        order.push(open[pick % open.length]!.shift()!);
      }
      return { lives, order };
    }),
  );

describe('mergeChanges', () => {
  it('tells each booking at most once, in its final state, and nothing of one made and cancelled inside the run', () => {
    fc.assert(
      fc.property(interleaved, ({ lives, order }) => {
        const items = mergeChanges(order);
        expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
        lives.forEach((changes, i) => {
          const item = items.find((it) => it.id === `b${i}`);
          if (changes.length === 0) return expect(item).toBeUndefined();
          const first = changes[0]!;
          const last = changes.at(-1)!;
          if (first.action === 'created' && last.action === 'deleted') return expect(item).toBeUndefined();
          expect(item?.action).toBe(first.action === 'created' ? 'created' : last.action === 'deleted' ? 'deleted' : 'updated');
          expect(item).toMatchObject(last.details);
        });
      }),
    );
  });

  it('keeps the order in which things first changed', () => {
    const items = mergeChanges([booking('a', 'updated'), booking('b', 'created'), booking('a', 'updated', '2027-05-09'), booking('c', 'deleted')]);
    expect(items.map((item) => [item.id, item.action])).toEqual([
      ['a', 'updated'],
      ['b', 'created'],
      ['c', 'deleted'],
    ]);
    expect(items[0]).toMatchObject({ end: '2027-05-09' });
  });

  it('tells a note written, not one written and deleted, nor a deletion alone', () => {
    const note = (subjectId: string, action: 'created' | 'deleted'): QueuedChange => ({ kind: 'notes', subjectId, action, details: { actorName: 'Rosa', text: 'La legna è finita' } });
    expect(mergeChanges([note('n1', 'created'), note('n2', 'created'), note('n2', 'deleted'), note('n3', 'deleted')]).map((item) => item.id)).toEqual(['n1']);
  });
});
