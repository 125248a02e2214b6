import type { NotificationChoicesInput } from '@rustico/core';
import type { AppContext } from '../context.ts';
import { setNotificationChoices } from '../notifications/service.ts';

/**
 * How each demo member likes to hear from the house: the grandparents by email only, in the
 * evening's summary; Marco everything twice, his emails at once; the young ones on the phone;
 * the others keep the defaults.
 */
const CHOICES: Record<string, NotificationChoicesInput> = {
  marco: { bookings: 'both', notes: 'email', reminders: 'both', fairness: 'both', paces: { bookings: 'immediate', notes: 'immediate' } },
  giulia: { bookings: 'push', notes: 'push', reminders: 'both', fairness: 'push' },
  luca: { bookings: 'push', notes: 'none', reminders: 'push', fairness: 'push' },
  elena: { bookings: 'none', notes: 'push', reminders: 'both', fairness: 'push' },
  rosa: { bookings: 'email', notes: 'email', reminders: 'email', fairness: 'email', paces: { bookings: 'daily', notes: 'daily' } },
  franco: { bookings: 'email', notes: 'none', reminders: 'email', fairness: 'email', paces: { bookings: 'daily' } },
};

export async function seedDemoChoices(ctx: AppContext, ids: Map<string, string>): Promise<void> {
  for (const [who, choices] of Object.entries(CHOICES)) {
    const id = ids.get(who);
    if (id) await setNotificationChoices(ctx, id, choices);
  }
}
