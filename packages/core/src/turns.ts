import type { Stay } from './bookings.ts';
import type { IsoDate } from './dates.ts';
import { heldDays } from './peak-periods.ts';

/**
 * Picking turns (round-robin) for a season: in a round's range (both ends included),
 * only the member whose turn it is may book; a turn ends when they book, skip, or
 * their window runs out; after the last turn the range opens to everyone. The state
 * is computed from stored moments and the clock, never from timers.
 */
export const HOUR_MS = 60 * 60 * 1000;

export interface TurnPass {
  position: number;
  at: string;
  reason: 'booked' | 'skipped';
  bookingId?: string | null;
}

export interface TurnRoundState {
  openedAt: string;
  order: readonly string[];
  windowHours: number;
  closedAt?: string | null;
}

export const turnStatuses = ['done', 'current', 'waiting'] as const;
export type TurnStatus = (typeof turnStatuses)[number];
export const turnEnds = ['booked', 'skipped', 'expired', 'closed'] as const;
export type TurnEnd = (typeof turnEnds)[number];

export interface Turn {
  position: number;
  memberId: string;
  status: TurnStatus;
  /** Done and current: when it began. Waiting: the latest it can begin (earlier if turns before it end early). */
  startsAt: string;
  /** Done: when it ended. Current: when it runs out. Waiting: the latest it can end. */
  endsAt: string;
  endedBy: TurnEnd | null;
  bookingId: string | null;
}

export interface TurnQueue {
  turns: Turn[];
  /** The turn running now; null when every turn is over (or the round was closed). */
  current: Turn | null;
  status: 'running' | 'finished' | 'closed';
}

/**
 * Where a round stands at `now`: each turn starts when the one before it ended and
 * lasts `windowHours` unless a pass (a booking or a skip) ends it sooner. A pass is
 * counted only inside its turn's window; one recorded later changes nothing.
 */
export function turnQueue(round: TurnRoundState, passes: readonly TurnPass[], now: Date): TurnQueue {
  const windowMs = round.windowHours * HOUR_MS;
  const closedMs = round.closedAt ? Date.parse(round.closedAt) : null;
  const closed = closedMs !== null && closedMs <= now.getTime();
  // A closed round stands as it stood when it was closed.
  const at = closed ? closedMs : now.getTime();
  const iso = (ms: number) => new Date(ms).toISOString();
  const turns: Turn[] = [];
  let current: Turn | null = null;
  let start = Date.parse(round.openedAt);
  round.order.forEach((memberId, position) => {
    const deadline = start + windowMs;
    const turn: Turn = { position, memberId, status: 'waiting', startsAt: iso(start), endsAt: iso(deadline), endedBy: null, bookingId: null };
    turns.push(turn);
    if (current) {
      start = deadline;
      return;
    }
    const pass = passes.find((p) => p.position === position && Date.parse(p.at) >= start && Date.parse(p.at) < deadline && Date.parse(p.at) <= at);
    if (pass) {
      Object.assign(turn, { status: 'done', endsAt: pass.at, endedBy: pass.reason, bookingId: pass.bookingId ?? null });
      start = Date.parse(pass.at);
    } else if (deadline <= at) {
      Object.assign(turn, { status: 'done', endedBy: 'expired' });
      start = deadline;
    } else {
      turn.status = 'current';
      current = turn;
      start = deadline;
    }
  });
  if (closed) {
    const cut = current as Turn | null;
    if (cut) Object.assign(cut, { status: 'done', endsAt: iso(closedMs), endedBy: 'closed' });
    return { turns, current: null, status: 'closed' };
  }
  return { turns, current, status: current ? 'running' : 'finished' };
}

/** Whether a stay holds a day of a round's range. */
export function stayInRange(stay: Stay, range: { from: IsoDate; to: IsoDate }): boolean {
  return heldDays(stay).some((day) => day >= range.from && day <= range.to);
}

/** The nights of a stay that lie in a round's range (what a turn's nights limit counts). */
export function nightsInRange(stay: Stay, range: { from: IsoDate; to: IsoDate }): number {
  if (stay.start === stay.end) return 0;
  return heldDays(stay).filter((day) => day >= range.from && day <= range.to).length;
}

/**
 * The order Rustico suggests: last year's rotated by one (its first member goes last),
 * keeping only `members` (who can still book) and adding the others after, in the
 * order given. Without a previous order, `members` as given.
 */
export function suggestedTurnOrder(previous: readonly string[] | null, members: readonly string[]): string[] {
  const present = new Set(members);
  const rotated = previous && previous.length > 0 ? [...previous.slice(1), previous[0]!] : [];
  const kept = rotated.filter((id) => present.has(id));
  const keptSet = new Set(kept);
  return [...kept, ...members.filter((id) => !keptSet.has(id))];
}
