import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error.ts';
import { approvalOf, changedMeanwhile, skipOf } from './decisions.ts';

const turn = (memberId: string, status: 'done' | 'current' | 'waiting') => ({
  position: 0,
  memberId,
  memberName: memberId,
  memberColour: '#3d6b4f',
  status,
  startsAt: '2027-06-01T10:00:00.000Z',
  endsAt: '2027-06-02T10:00:00.000Z',
  endedBy: null,
  bookingId: null,
});

describe('what an administrator decides on', () => {
  it('approves or declines a request with the dates the page shows, and a reason only when one was written', () => {
    const request = { start: '2026-12-22', end: '2026-12-24' };
    expect(approvalOf(request, 'approve')).toEqual({ decision: 'approve', start: '2026-12-22', end: '2026-12-24' });
    expect(approvalOf(request, 'approve', '  ')).toEqual({ decision: 'approve', start: '2026-12-22', end: '2026-12-24' });
    expect(approvalOf(request, 'decline', ' Lavori al tetto ')).toEqual({ decision: 'decline', start: '2026-12-22', end: '2026-12-24', reason: 'Lavori al tetto' });
  });

  it('skips the turn the queue shows running, naming its member; nothing when none runs', () => {
    expect(skipOf({ id: 'r', turns: [turn('anna', 'done'), turn('luca', 'current'), turn('sofia', 'waiting')] })).toEqual({ roundId: 'r', memberId: 'luca' });
    expect(skipOf({ id: 'r', turns: [turn('anna', 'done'), turn('luca', 'done')] })).toBeNull();
  });

  it('tells a decision refused because its subject changed from any other refusal', () => {
    for (const code of ['REQUEST_CHANGED', 'REQUEST_DECIDED', 'TURN_CHANGED'] as const) expect(changedMeanwhile(new ApiError({ status: 409, code }))).toBe(true);
    for (const code of ['REASON_REQUIRED', 'BOOKING_OVERLAP', 'NOT_YOUR_TURN'] as const) expect(changedMeanwhile(new ApiError({ status: 409, code }))).toBe(false);
    expect(changedMeanwhile(new Error('REQUEST_CHANGED'))).toBe(false);
  });
});
