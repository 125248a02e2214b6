import { describe, expect, it } from 'vitest';
import { noteLabelText, parseNoteLabel } from './notes.ts';
import { roleFromStato } from './roles.ts';

describe('note labels of the original app', () => {
  it('reads and writes Check-In/Check-Out with the date', () => {
    expect(parseNoteLabel('Check-In 21.11.2026')).toEqual({ kind: 'checkin', date: '2026-11-21' });
    expect(parseNoteLabel(' Check-Out 02.01.2027 ')).toEqual({ kind: 'checkout', date: '2027-01-02' });
    expect(noteLabelText({ kind: 'checkin', date: '2026-11-21' })).toBe('Check-In 21.11.2026');
    for (const other of ['Check-In 31.02.2026', 'Arrivo 21.11.2026', '', 'Check-In']) expect(parseNoteLabel(other), other).toBeNull();
  });

  it("maps the original `stato` onto roles", () => {
    expect(['utente', 'admin', 'gestore', '+admin', undefined].map(roleFromStato)).toEqual(['member', 'admin', 'admin', 'superadmin', 'member']);
  });
});
