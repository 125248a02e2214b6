import { useCurrentUser } from '../auth/queries.ts';
import { config } from '../lib/config.ts';
import { t } from '../lib/i18n.ts';
import { Page } from '../ui/page.tsx';
import { NextBookingCard } from './next-booking-card.tsx';
import styles from './home.module.css';

/** /app: Home — a grid of cards (next booking; weather and last note join it). */
export function HomePage() {
  const user = useCurrentUser();
  return (
    <Page title={t('home.greeting', { name: user.name })} titleSuffix={config.houseName}>
      <div className={styles.cards}>
        <NextBookingCard />
      </div>
    </Page>
  );
}

export { HomePage as Component };
