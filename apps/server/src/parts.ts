import { endSessionsOf } from './auth/service.ts';
import { backupRenderers } from './backups/messages.ts';
import { checkOtherClaimsWith } from './bookings/fairness.ts';
import { whenNightsFreed } from './bookings/service.ts';
import { chooseChannelsWith, renderJobsWith } from './deliveries/service.ts';
import { noticeRenderers } from './notices/mail.ts';
import { notificationRenderers } from './notifications/messages.ts';
import { channelOf } from './notifications/service.ts';
import { retirePasswordLinks } from './password-links/service.ts';
import { reminderRenderers } from './reminders/messages.ts';
import { upkeepRenderers } from './upkeep/messages.ts';
import { whenCredentialsRevoked } from './users/service.ts';
import { countTakenNightsWith, notifyWaitlist } from './waitlist/service.ts';
import { assertNotHeld, heldNightsBetween } from './holds/service.ts';

/**
 * Hands the features' parts to the mechanisms that serve them all and import none of them,
 * as a job queue receives its handlers. createContext calls it, so the server, the command
 * line and the tests are wired alike; registering twice changes nothing.
 */
export function registerParts(): void {
  // What ends with a member's password or access: their sessions and their links to choose one.
  whenCredentialsRevoked(endSessionsOf);
  whenCredentialsRevoked(retirePasswordLinks);
  // Emails and reminders: how each kind is written, and the channel each member chose.
  renderJobsWith({ ...reminderRenderers, ...notificationRenderers, ...noticeRenderers, ...backupRenderers, ...upkeepRenderers });
  chooseChannelsWith(channelOf);
  // Nights a move or a cancellation freed: the waitlist tells who asked for them.
  whenNightsFreed(notifyWaitlist);
  // Holds («opzione»): held nights are taken for a booking and for the waitlist alike.
  checkOtherClaimsWith(assertNotHeld);
  countTakenNightsWith(heldNightsBetween);
}
