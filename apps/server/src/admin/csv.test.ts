import type { Booking } from '@rustico/core';
import { describe, expect, it } from 'vitest';
import { bookingsCsv } from './csv.ts';

const booking = (ownerName: string): Booking => ({
  id: 'b1',
  ownerId: 'u1',
  ownerName,
  ownerColour: '#b5542d',
  start: '2026-08-01',
  end: '2026-08-04',
  purpose: 'personal',
  nights: 3,
  costCentimes: 18_610,
  checkedIn: true,
  checkedOut: true,
  paid: false,
  kwhUsed: 120.4,
  paymentMethod: null,
  createdByName: null,
  createdAt: '2026-07-01T10:00:00.000Z',
  status: 'confirmed',
  decision: null,
  override: null,
  version: 1,
});

describe('the bookings CSV', () => {
  it('turns a name that a spreadsheet would run as a formula into plain text', () => {
    for (const name of ['=HYPERLINK("http://x.example","clic")', '+41 79', '-2+3', '@SUM(A1)', '\t=1+1', '\r=1+1']) {
      const line = bookingsCsv([booking(name)]).split('\r\n')[1]!;
      const cellText = line.split(';')[2]!.replace(/^"/, '');
      expect(cellText.startsWith("'"), JSON.stringify(name)).toBe(true);
    }
  });

  it('leaves ordinary names and the figures as they are', () => {
    const line = bookingsCsv([booking('Anna Müller')]).split('\r\n')[1];
    expect(line).toBe('01.08.2026;04.08.2026;Anna Müller;3;Personale;120.4;186.10;No;');
  });
});
