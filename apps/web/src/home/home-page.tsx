import { useCurrentUser } from '../auth/queries.ts';
import { firstData } from '../lib/first-data.ts';
import { queryClient } from '../lib/query-client.ts';
import { config } from '../lib/config.ts';
import { openStaysQuery } from '../management/register/queries.ts';
import { t } from '../lib/i18n.ts';
import { localClock } from '../lib/moment.ts';
import { useCachedAt } from '../lib/freshness.ts';
import { noticesQuery, pendingRequestsQuery, turnRoundsQuery } from '../fairness/queries.ts';
import { NoticesCard } from '../fairness/notices-card.tsx';
import { RequestsCard } from '../fairness/requests-card.tsx';
import { TurnsCard } from '../fairness/turns-card.tsx';
import { Page } from '../ui/page.tsx';
import { SwapsCard } from '../swaps/swaps-card.tsx';
import { offersQuery, swapsQuery } from '../swaps/queries.ts';
import { nextBookingQuery } from '../bookings/queries.ts';
import { latestNoteQuery } from '../notes/queries.ts';
import { Hero } from './hero.tsx';
import { HouseLetter, houseLetterQuery } from './house-letter.tsx';
import { LastNoteCard } from './last-note-card.tsx';
import { MyHoldsCard } from './my-holds-card.tsx';
import { NextBookingCard } from './next-booking-card.tsx';
import { StayActionCard } from './stay-action-card.tsx';
import { ToKnowCard } from './to-know-card.tsx';
import { toKnowQuery } from '../tasks/queries.ts';
import { UndeliveredRemindersCard, undeliveredRemindersQuery } from './undelivered-reminders-card.tsx';
import { WeatherCard, weatherQuery } from './weather-card.tsx';
import styles from './home.module.css';

/** How long Home waits, after the cards that appear, for the ones that keep their size while loading. */
const SIZED_CARDS_WAIT_MS = 300;

/**
 * Asks for every card's data at once, with the session, rather than each card after the first
 * render; waits for the cards that are there only when they have something to say (the step
 * my stay needs, notices, reminders that did not reach me, requests, turns), so they are in place at the first paint instead of
 * pushing the others down. The cards that keep their size while loading get a short wait more
 * (lib/first-data.ts); a slow one (the weather provider) still fills in later.
 */
export async function loader() {
  const sized: Promise<unknown>[] = [
    queryClient.prefetchQuery(weatherQuery),
    queryClient.prefetchQuery(nextBookingQuery),
    queryClient.prefetchQuery(latestNoteQuery),
    queryClient.prefetchQuery(houseLetterQuery),
  ];
  const appearing: Promise<unknown>[] = [
    queryClient.ensureQueryData(openStaysQuery),
    queryClient.ensureQueryData(noticesQuery),
    queryClient.ensureQueryData(undeliveredRemindersQuery),
    queryClient.ensureQueryData(pendingRequestsQuery),
    queryClient.ensureQueryData(turnRoundsQuery),
    queryClient.ensureQueryData(toKnowQuery),
    queryClient.ensureQueryData(swapsQuery),
    queryClient.ensureQueryData(offersQuery),
  ];
  // Offline, a query the service worker has no answer for waits for the network: firstData's cap.
  await firstData(appearing);
  await firstData(sized, SIZED_CARDS_WAIT_MS);
  return null;
}

/**
 * /app: the house picture, then the step a stay of mine needs today, my reminders no channel
 * delivered, the swaps and stays given waiting for an answer, my fair-booking notices, the requests waiting for a decision and the picking turns
 * under way, weather, next booking and last note, then the house letter.
 */
export function HomePage() {
  const user = useCurrentUser();
  // Without a network Home shows what it saw last, and says from when.
  const cachedAt = useCachedAt();
  return (
    <Page
      title={t('home.greeting', { name: user.name })}
      titleSuffix={config.houseName}
      lead={cachedAt ? t('offline.updatedAt', { time: localClock(cachedAt) }) : undefined}
    >
      <Hero />
      <div className={styles.cards}>
        <StayActionCard />
        <ToKnowCard className={styles.wide} />
        <UndeliveredRemindersCard className={styles.wide} />
        <SwapsCard user={user} className={styles.wide} />
        <NoticesCard className={styles.wide} />
        <MyHoldsCard className={styles.wide} />
        <RequestsCard user={user} className={styles.wide} />
        <TurnsCard user={user} className={styles.wide} compact />
        <WeatherCard />
        <NextBookingCard />
        <LastNoteCard />
        <HouseLetter />
      </div>
    </Page>
  );
}

export { HomePage as Component };
