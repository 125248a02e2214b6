import { Download } from 'lucide-react';
import type { Booking } from '@rustico/core';
import { t } from '../lib/i18n.ts';
import { buttonClass } from '../ui/button.tsx';
import { Select } from '../ui/select.tsx';
import styles from './bookings.module.css';

export interface AllBookingsFilter {
  year: string;
  memberId: string;
}

/** Select's value for "no filter" (Radix Select needs a non-empty value). */
export const ANY = 'all';

export function applyFilter(bookings: readonly Booking[], filter: AllBookingsFilter): Booking[] {
  return bookings.filter(
    (b) => (filter.year === ANY || b.start.startsWith(filter.year)) && (filter.memberId === ANY || b.ownerId === filter.memberId),
  );
}

/** The same filter as query parameters of the server's CSV export. */
export function csvHref(filter: AllBookingsFilter): string {
  const params = new URLSearchParams();
  if (filter.year !== ANY) params.set('year', filter.year);
  if (filter.memberId !== ANY) params.set('userId', filter.memberId);
  const query = params.toString();
  return `/api/admin/bookings.csv${query ? `?${query}` : ''}`;
}

/** Year and member filters of /app/prenotazioni/0, with the spreadsheet export of what they show. */
export function AllBookingsFilterBar({
  bookings,
  filter,
  onChange,
}: {
  bookings: readonly Booking[];
  filter: AllBookingsFilter;
  onChange: (filter: AllBookingsFilter) => void;
}) {
  const years = [...new Set(bookings.map((b) => b.start.slice(0, 4)))].sort().reverse();
  const members = [...new Map(bookings.map((b) => [b.ownerId, b.ownerName])).entries()].sort((a, b) => a[1].localeCompare(b[1]));
  return (
    <div className={styles.filters}>
      <Select
        label={t('bookings.filterYear')}
        value={filter.year}
        onValueChange={(year) => onChange({ ...filter, year })}
        options={[{ value: ANY, label: t('bookings.allYears') }, ...years.map((year) => ({ value: year, label: year }))]}
      />
      <Select
        label={t('bookings.filterMember')}
        value={filter.memberId}
        onValueChange={(memberId) => onChange({ ...filter, memberId })}
        options={[{ value: ANY, label: t('bookings.allMembers') }, ...members.map(([value, label]) => ({ value, label }))]}
      />
      <a className={buttonClass({ variant: 'outlined' })} href={csvHref(filter)} download>
        <Download size={18} aria-hidden="true" />
        {t('bookings.exportCsv')}
      </a>
    </div>
  );
}
