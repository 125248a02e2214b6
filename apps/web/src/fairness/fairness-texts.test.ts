import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_HOUSE_RULES } from '@rustico/core';
import { stayProblemText } from '../calendar/booking-parts.tsx';
import { ApiError } from '../lib/api-error.ts';
import { errorCodeText, errorText } from '../lib/error-text.ts';
import { loadWholeCatalog } from '../lib/i18n.ts';
import { decisionLines } from '../bookings/booking-status.tsx';
import { displayMonthDay, parseMonthDay, peakRangeText } from './peak-format.ts';

beforeAll(async () => {
  // The catalog sets the page's language.
  vi.stubGlobal('document', { documentElement: { lang: '' } });
  await loadWholeCatalog();
});

describe('peak period days as dd.mm', () => {
  it('reads what people type, and refuses days that do not exist', () => {
    expect(parseMonthDay('24.12')).toBe('12-24');
    expect(parseMonthDay(' 6.1. ')).toBe('01-06');
    expect(parseMonthDay('29.02')).toBe('02-29');
    expect(parseMonthDay('31.04')).toBeNull();
    expect(parseMonthDay('12-24')).toBeNull();
    expect(parseMonthDay('')).toBeNull();
  });

  it('shows MM-DD as dd.mm, every year or one year', () => {
    expect(displayMonthDay('01-06')).toBe('06.01');
    expect(peakRangeText({ from: '12-20', to: '01-06', year: null })).toBe('dal 20.12 al 06.01, ogni anno');
    expect(peakRangeText({ from: '08-10', to: '08-20', year: 2027 })).toBe('dal 10.08 al 20.08, solo nel 2027');
  });
});

describe('refusals with their figures', () => {
  it('fills the quota, window and turn texts from the details, dates as dd.MM.yyyy', () => {
    expect(errorCodeText('QUOTA_EXCEEDED', { year: 2027, quotaNights: 30, usedNights: 28, remainingNights: 2, requestedNights: 5 })).toBe(
      'Quota superata: nel 2027 hai usato 28 notti, te ne restano 2',
    );
    expect(errorCodeText('BOOKING_WINDOW', { bookingWindowMonths: 6, latestDay: '2027-05-23' })).toBe(
      'Troppo in anticipo: si può prenotare al massimo 6 mesi avanti (fino al 23.05.2027)',
    );
    const turn = new ApiError({ status: 409, code: 'NOT_YOUR_TURN', details: { roundId: 'r', currentMemberId: 'm', currentMemberName: 'Sofia', turnEndsAt: '2027-06-01T10:00:00.000Z' } });
    expect(errorText(turn)).toBe('Non è il tuo turno: ora tocca a Sofia');
    // The house's longest stay and a round's nights per turn come back under the same name.
    expect(errorText(new ApiError({ status: 400, code: 'STAY_TOO_LONG', details: { maxStayNights: 7 } }))).toBe('Il soggiorno è troppo lungo: al massimo 7 notti');
    expect(stayProblemText('STAY_TOO_LONG', { ...DEFAULT_HOUSE_RULES, maxStayNights: 21 })).toBe('Il soggiorno è troppo lungo: al massimo 21 notti');
  });

  it('says what changed when a decision came too late: the request’s dates now, whose turn it is now', () => {
    expect(errorText(new ApiError({ status: 409, code: 'REQUEST_CHANGED', details: { start: '2026-12-26', end: '2026-12-28' } }))).toBe(
      'Nel frattempo la richiesta è cambiata: ora è dal 26.12.2026 al 28.12.2026. Guardala di nuovo prima di decidere',
    );
    const turn = new ApiError({ status: 409, code: 'TURN_CHANGED', details: { roundId: 'r', currentMemberId: 'm', currentMemberName: 'Sofia', turnEndsAt: '2027-06-01T10:00:00.000Z' } });
    expect(errorText(turn)).toBe('Nel frattempo il turno è passato: ora tocca a Sofia. Guarda di nuovo prima di decidere');
  });

  it('says whose hold keeps the nights until when, and names nobody for a hidden member’s', () => {
    const held = new ApiError({ status: 409, code: 'NIGHTS_HELD', details: { holderName: 'Elena Pedrazzi', holderId: 'e', until: '2026-12-12' } });
    expect(errorText(held)).toBe('Queste notti sono in opzione per Elena Pedrazzi fino al 12.12.2026');
    const hidden = new ApiError({ status: 409, code: 'NIGHTS_HELD', details: { holderName: null, holderId: null, until: '2026-12-12' } });
    expect(errorText(hidden)).toBe('Queste notti sono in opzione fino al 12.12.2026');
    // Elena herself, booking over her own hold, is told where to confirm it.
    expect(errorText(held, 'e')).toBe('Hai già queste notti in opzione fino al 12.12.2026: tocca l’opzione nel calendario per confermarla');
    expect(errorText(held, 'someone-else')).toBe('Queste notti sono in opzione per Elena Pedrazzi fino al 12.12.2026');
  });

  it('without details the text stays as it is', () => {
    expect(errorText(new ApiError({ status: 409, code: 'BOOKING_OVERLAP' }))).toBe('Queste date sono già prenotate');
  });
});

describe('why a booking is what it is', () => {
  const at = '2026-11-20T10:00:00.000Z';
  it('a request declined for another names whose was approved, and the reason', () => {
    const lines = decisionLines({
      status: 'declined',
      override: null,
      decision: { decision: 'declined', at, byName: 'Giulia', reason: 'Natale l’anno scorso', inFavourOf: { bookingId: 'b', ownerName: 'Sofia' } },
    });
    expect(lines).toEqual(['Rifiutata il 20.11.2026: è stata approvata la richiesta di Sofia', 'Motivo: Natale l’anno scorso']);
  });

  it('an override says who set which rules aside and why', () => {
    const lines = decisionLines({ status: 'confirmed', decision: null, override: { reason: 'Lavori urgenti', byName: 'Marco', at, rules: ['quota', 'window'] } });
    expect(lines).toEqual(['Regole ignorate da Marco (quota, finestra): Lavori urgenti']);
  });

  it('a pending request says so', () => {
    expect(decisionLines({ status: 'requested', decision: null, override: null })).toHaveLength(1);
  });
});

