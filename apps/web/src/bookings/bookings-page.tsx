import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { useCurrentUser } from '../auth/queries.ts';
import { config } from '../lib/config.ts';
import { t } from '../lib/i18n.ts';
import { ComingSoon } from '../ui/coming-soon.tsx';
import { Page, pageStyles } from '../ui/page.tsx';

/** Route value of :userId that means "every user" (admins only; the server enforces it). */
const ALL_USERS = '0';

/** /app/prenotazioni/:userId: booking history of one user, or of everyone for 0. */
export function BookingsPage() {
  const { userId } = useParams();
  const user = useCurrentUser();
  const title = userId === ALL_USERS ? t('bookings.titleAll') : userId === user.id ? t('bookings.titleMine') : t('bookings.title');
  const back = (
    <Link to="/app/impostazioni" className={pageStyles.back}>
      <ArrowLeft size={18} aria-hidden="true" />
      {t('settings.title')}
    </Link>
  );
  return (
    <Page title={title} titleSuffix={config.houseName} before={back}>
      <ComingSoon />
    </Page>
  );
}

export { BookingsPage as Component };
