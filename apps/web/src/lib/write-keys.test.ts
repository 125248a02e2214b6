import { describe, expect, it } from 'vitest';
import { keyForWrite, SAME_ACTION_MS, writeAnswered, writeFingerprint } from './write-keys.ts';

const save = writeFingerprint('POST', '/bookings', { start: '2026-12-14', end: '2026-12-17', purpose: 'personal' });

describe('one Idempotency-Key per user action', () => {
  it('gives a second tap the key of the first, while it waits and just after its answer', () => {
    const first = keyForWrite(save, 0);
    expect(keyForWrite(save, 5)).toBe(first);
    writeAnswered(save, true, 100);
    expect(keyForWrite(save, 100 + SAME_ACTION_MS)).toBe(first);
    writeAnswered(save, true, 200 + SAME_ACTION_MS);
  });

  it('keeps the key of a write the network lost, for the retry', () => {
    const note = writeFingerprint('POST', '/notes', { text: 'Legna finita' });
    const first = keyForWrite(note, 0);
    // No answer: the network failed. A retry an hour later is still the same note.
    expect(keyForWrite(note, 3_600_000)).toBe(first);
    writeAnswered(note, true, 3_600_100);
  });

  it('makes the same write a new action after 10 s, or after any other write', () => {
    const on = writeFingerprint('PUT', '/notes/n1/reactions/me', undefined);
    const off = writeFingerprint('DELETE', '/notes/n1/reactions/me', undefined);
    const first = keyForWrite(on, 0);
    writeAnswered(on, true, 10);
    keyForWrite(off, 20);
    writeAnswered(off, true, 30);
    // On, off, on again: three actions, the third not a replay of the first.
    expect(keyForWrite(on, 40)).not.toBe(first);
    writeAnswered(on, true, 50);
    const later = keyForWrite(on, 50 + SAME_ACTION_MS + 1);
    expect(later).not.toBe(first);
    writeAnswered(on, true, 60 + SAME_ACTION_MS);
  });

  it('makes a refused write, tried again, a new action: the turn may have passed meanwhile', () => {
    const book = writeFingerprint('POST', '/bookings', { start: '2027-07-01', end: '2027-07-04', purpose: 'personal' });
    const first = keyForWrite(book, 0);
    writeAnswered(book, false, 10);
    const again = keyForWrite(book, 20);
    expect(again).not.toBe(first);
    writeAnswered(book, true, 30);
  });

  it('tells writes apart by method, address and body, and files by name, size and date', () => {
    expect(writeFingerprint('PUT', '/bookings/b1', { start: '2026-12-14' })).not.toBe(writeFingerprint('PUT', '/bookings/b1', { start: '2026-12-15' }));
    expect(writeFingerprint('DELETE', '/bookings/b1', undefined)).not.toBe(writeFingerprint('DELETE', '/bookings/b2', undefined));
    // The same values applied again on the newer version a STALE_EDIT named: another request.
    expect(writeFingerprint('PUT', '/bookings/b1', { start: '2026-12-14' }, '1')).not.toBe(writeFingerprint('PUT', '/bookings/b1', { start: '2026-12-14' }, '2'));
    const photo = new File(['abc'], 'casa.jpg', { type: 'image/jpeg', lastModified: 1 });
    const other = new File(['abcd'], 'casa.jpg', { type: 'image/jpeg', lastModified: 1 });
    expect(writeFingerprint('PUT', '/profile/photo', photo)).toBe(writeFingerprint('PUT', '/profile/photo', new File(['xyz'], 'casa.jpg', { type: 'image/jpeg', lastModified: 1 })));
    expect(writeFingerprint('PUT', '/profile/photo', photo)).not.toBe(writeFingerprint('PUT', '/profile/photo', other));
  });
});
