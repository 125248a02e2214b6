import { Download } from 'lucide-react';
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
  years,
  members: unsorted,
  filter,
  onChange,
}: {
  /** Years with stays, newest first (the server's list; all bookings come a page at a time). */
  years: readonly number[];
  members: ReadonlyArray<{ id: string; name: string }>;
  filter: AllBookingsFilter;
  onChange: (filter: AllBookingsFilter) => void;
}) {
  const members = unsorted.map((m) => [m.id, m.name] as const).sort((a, b) => a[1].localeCompare(b[1]));
  return (
    <div className={styles.filters}>
      <Select
        label={t('bookings.filterYear')}
        value={filter.year}
        onValueChange={(year) => onChange({ ...filter, year })}
        options={[{ value: ANY, label: t('bookings.allYears') }, ...years.map((year) => ({ value: String(year), label: String(year) }))]}
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
