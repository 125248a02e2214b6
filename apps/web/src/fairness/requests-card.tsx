import { useNavigate } from 'react-router';
import { Hourglass } from 'lucide-react';
import { formatDisplayDate, isAdmin, type SessionUser } from '@rustico/core';
import { t } from '../lib/i18n.ts';
import { Card } from '../ui/card.tsx';
import { tableStyles } from '../ui/data-table.tsx';
import { List, ListRow } from '../ui/list.tsx';
import styles from './fairness.module.css';
import { StatusPill } from '../bookings/booking-status.tsx';
import { usePendingRequests } from './queries.ts';

/**
 * Home: the requests of peak nights still waiting, for everyone to see; an
 * admin opens one to compare it with its competitors and decide.
 */
export function RequestsCard({ user, className }: { user: SessionUser; className?: string | undefined }) {
  const requests = usePendingRequests();
  const navigate = useNavigate();
  const admin = isAdmin(user.role);
  if (!requests.data || requests.data.length === 0) return null;
  return (
    <Card className={className} title={t('fairness.requests.title')} aria-label={t('fairness.requests.title')} icon={<Hourglass size={20} />}>
      <p className={styles.muted}>{t('fairness.requests.lead')}</p>
      <List label={t('fairness.requests.title')}>
        {requests.data.map((booking) => {
          const dates = t('bookings.dates', { start: formatDisplayDate(booking.start), end: formatDisplayDate(booking.end) });
          return (
          <ListRow
            key={booking.id}
            title={
              <span className={tableStyles.who}>
                <span className={tableStyles.dot} style={{ background: booking.ownerColour }} aria-hidden="true" />
                {booking.ownerName}
              </span>
            }
            detail={`${dates} · ${t('fairness.requests.nights', { count: booking.nights })}`}
            trailing={admin ? <span className={styles.decide}>{t('fairness.requests.decide')}</span> : <StatusPill status={booking.status} />}
            {...(admin
              ? {
                  onClick: () => void navigate(`/app/richieste/${encodeURIComponent(booking.id)}`),
                  action: t('fairness.requests.decideAction'),
                }
              : {})}
          />
          );
        })}
      </List>
    </Card>
  );
}
