import type { BookingStatus } from './bookings.ts';
import type { IsoDate } from './dates.ts';
import { quotaExcess, type QuotaExcess, type QuotaStay } from './fairness.ts';
import { touchesPeak, type PeakRange } from './peak-periods.ts';

// ---- Swaps («scambio») and stays given («cedi») ------------------------------

/** A booking as a swap or a hand-over weighs it: its nights, purpose and step in the fair booking. */
export interface SwapStay extends QuotaStay {
  id: string;
}

/** One side: the member, the stay they give (none for whoever receives a stay given), their stays now, their quota. */
export interface SwapParty {
  memberId: string;
  gives: SwapStay | null;
  /** Every stay of theirs that counts against a quota, the one they give included. */
  stays: readonly SwapStay[];
  quotaNights: number | null;
}

export type SwapRefusal =
  | { rule: 'started'; memberId: string; bookingId: string }
  | ({ rule: 'quota'; memberId: string; bookingId: string } & QuotaExcess);

export interface SwapJudgement {
  refusals: SwapRefusal[];
  /** The status each stay will have with its new owner, by booking id. */
  statuses: Record<string, BookingStatus>;
}

/**
 * The status a stay takes with a new owner: into a peak period it is a request an
 * administrator decides, as a new booking there would be; otherwise it keeps its own.
 */
export function statusWithNewOwner(stay: SwapStay, peaks: readonly PeakRange[]): BookingStatus {
  return touchesPeak(stay, peaks) ? 'requested' : stay.status;
}

/**
 * Whether a and b may exchange what they give (a swap: both give; a stay given: only a gives),
 * every rule judged for each as they will be: no stay may have begun by `today`, and each
 * member's quota is judged with the stay they receive (its new status) and without the one
 * they give. The refusals name the member whose rule breaks.
 */
export function judgeSwap(input: { a: SwapParty; b: SwapParty; peaks: readonly PeakRange[]; today: IsoDate }): SwapJudgement {
  const { a, b, peaks, today } = input;
  const refusals: SwapRefusal[] = [];
  const statuses: Record<string, BookingStatus> = {};
  for (const [giver, receiver] of [
    [a, b],
    [b, a],
  ] as const) {
    const stay = giver.gives;
    if (!stay) continue;
    if (stay.start <= today) refusals.push({ rule: 'started', memberId: giver.memberId, bookingId: stay.id });
    const status = statusWithNewOwner(stay, peaks);
    statuses[stay.id] = status;
    const given = new Set([stay.id, receiver.gives?.id]);
    const others = receiver.stays.filter((s) => !given.has(s.id));
    const excess = quotaExcess({ ...stay, status }, others, receiver.quotaNights);
    if (excess) refusals.push({ rule: 'quota', memberId: receiver.memberId, bookingId: stay.id, ...excess });
  }
  return { refusals, statuses };
}
