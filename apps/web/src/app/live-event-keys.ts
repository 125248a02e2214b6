import { moneyKeys } from '../accounts/keys.ts';
import { membersKey } from '../members/queries.ts';
import { storageKey } from '../admin/keys.ts';
import { bookingKeys } from '../bookings/queries.ts';
import { fairnessKeys, houseRulesKey } from '../fairness/keys.ts';
import type { LiveEventKeys } from '../lib/events.ts';
import { noteKeys } from '../notes/queries.ts';
import { upkeepKey } from '../supplies/queries.ts';
import { waitlistKey } from '../waitlist/queries.ts';
import { holdKeys } from '../holds/queries.ts';
import { swapKeys } from '../swaps/queries.ts';

/**
 * What each kind of live notice makes stale. A new kind of live data adds its type to
 * `liveEventSchema` in core and the query keys of the screens that show it here.
 */
export const liveEventQueryKeys: LiveEventKeys = {
  // Unpaid stays are part of each member's balance; a stay uses quota, may be a request and may end a turn.
  booking: () => [
    bookingKeys.all,
    moneyKeys.all,
    fairnessKeys.quotas,
    fairnessKeys.requests,
    fairnessKeys.competingAll,
    fairnessKeys.views,
    fairnessKeys.turns,
  ],
  note: () => [noteKeys.all],
  // A new name or photo shows wherever people appear: notes, bookings, the members list, requests and turns; a photo is a stored file.
  user: () => [noteKeys.all, bookingKeys.all, membersKey, moneyKeys.all, fairnessKeys.all, storageKey],
  // Receipts are stored files too.
  money: () => [moneyKeys.all, storageKey],
  // The rules decide quotas, requests and the fairness view.
  rules: () => [houseRulesKey, fairnessKeys.ruleHistory, fairnessKeys.peaks, fairnessKeys.quotas, fairnessKeys.views],
  turns: () => [fairnessKeys.turns],
  // A notice is a decision, a turn or a freed night: the stays it speaks of may have changed too.
  notice: () => [fairnessKeys.notices, fairnessKeys.requests, waitlistKey, swapKeys.all],
  waitlist: () => [waitlistKey],
  // Supplies, tasks and handovers: the lists, Home's «Da sapere»; a task's photo is a stored file.
  upkeep: () => [upkeepKey, storageKey],
  // A hold made, confirmed (a booking too, told by its own event), released or ended: the calendar's hatched nights.
  hold: () => [holdKeys.all, waitlistKey],
  // A swap or a stay given proposed, answered or withdrawn (the stays it moved send their own booking events).
  swap: () => [swapKeys.all],
  offer: () => [swapKeys.all],
};
