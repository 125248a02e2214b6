import type { Approval, Booking, SkipTurn, TurnRound } from '@rustico/core';
import { isApiError } from '../lib/api-error.ts';

/*
 * An administrator's decision names what the screen showed when it was taken; the server
 * refuses it when that changed meanwhile, instead of deciding on something nobody looked at.
 */

/** The approval or decline of a request with the dates shown (a request moved since: 409 REQUEST_CHANGED). */
export function approvalOf(request: Pick<Booking, 'start' | 'end'>, decision: Approval['decision'], reason = ''): Approval {
  const trimmed = reason.trim();
  return { decision, start: request.start, end: request.end, ...(trimmed ? { reason: trimmed } : {}) };
}

/** The skip of the turn shown running (passed on since: 409 TURN_CHANGED); null when none runs. */
export function skipOf(round: Pick<TurnRound, 'id' | 'turns'>): ({ roundId: string } & SkipTurn) | null {
  const current = round.turns.find((turn) => turn.status === 'current');
  return current ? { roundId: round.id, memberId: current.memberId } : null;
}

/** The decision was refused because what it was taken on changed: the screen shows it anew, to decide again. */
export function changedMeanwhile(error: unknown): boolean {
  return isApiError(error) && (error.code === 'REQUEST_CHANGED' || error.code === 'REQUEST_DECIDED' || error.code === 'TURN_CHANGED');
}
