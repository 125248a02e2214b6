import { Link } from 'react-router';
import { ArrowRight, DoorClosed, DoorOpen, Wallet } from 'lucide-react';
import { formatChf, formatDisplayDate, stayNeedingAction, type StayAction } from '@rustico/core';
import { t } from '../lib/i18n.ts';
import { Card } from '../ui/card.tsx';
import { useOpenStays } from '../management/register/queries.ts';
import styles from './home.module.css';
import { houseToday } from '../lib/house-today.ts';

const ICONS: Record<StayAction, typeof DoorOpen> = { checkin: DoorOpen, checkout: DoorClosed, payment: Wallet };

/**
 * The one step of my stays that needs me today (check-in, check-out or
 * payment), linking straight to it in Registra with the stay selected.
 * Nothing when nothing is due.
 */
export function StayActionCard() {
  const open = useOpenStays();
  const due = open.data ? stayNeedingAction(open.data, houseToday()) : null;
  if (!due) return null;
  const { stay, action } = due;
  const Icon = ICONS[action];
  const title = action === 'payment' ? t('home.action.payment', { amount: formatChf(stay.costCentimes) }) : t(`home.action.${action}`);
  return (
    <Link to={`/app/gestione?booking=${encodeURIComponent(stay.id)}#registra`} className={`${styles.cardLink} ${styles.actionCard}`}>
      <Card title={title} icon={<Icon size={20} />}>
        <p className={styles.actionText}>
          <span>{t('bookings.dates', { start: formatDisplayDate(stay.start), end: formatDisplayDate(stay.end) })}</span>
          <span className={styles.actionGo}>
            {t(`home.action.${action}Go`)}
            <ArrowRight size={18} aria-hidden="true" />
          </span>
        </p>
      </Card>
    </Link>
  );
}
