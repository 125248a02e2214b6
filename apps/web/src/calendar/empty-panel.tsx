import type { ReactNode } from 'react';
import { CalendarPlus } from 'lucide-react';
import { t } from '../lib/i18n.ts';
import { Card } from '../ui/card.tsx';
import styles from './calendar.module.css';

/**
 * The panel with nothing selected: how to book, and what else the calendar has to say
 * (my nights used and left). Its own module, so the month's first paint needs no form code.
 */
export function EmptyPanel({ children }: { children?: ReactNode }) {
  return (
    <Card title={t('calendar.newBooking')} icon={<CalendarPlus size={20} />}>
      <p className={styles.hint}>{t('calendar.emptyHint')}</p>
      <p className={styles.note}>{t('calendar.dragHint')}</p>
      {children}
    </Card>
  );
}
