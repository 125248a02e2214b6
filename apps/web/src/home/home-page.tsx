import { useCurrentUser } from '../auth/queries.ts';
import { config } from '../lib/config.ts';
import { t } from '../lib/i18n.ts';
import { Page } from '../ui/page.tsx';
import { Hero } from './hero.tsx';
import { HouseLetter } from './house-letter.tsx';
import { LastNoteCard } from './last-note-card.tsx';
import { NextBookingCard } from './next-booking-card.tsx';
import { WeatherCard } from './weather-card.tsx';
import styles from './home.module.css';

/** /app: the house picture, then weather, next booking and last note, then the house letter. */
export function HomePage() {
  const user = useCurrentUser();
  return (
    <Page title={t('home.greeting', { name: user.name })} titleSuffix={config.houseName}>
      <Hero />
      <div className={styles.cards}>
        <WeatherCard />
        <NextBookingCard />
        <LastNoteCard />
        <HouseLetter />
      </div>
    </Page>
  );
}

export { HomePage as Component };
