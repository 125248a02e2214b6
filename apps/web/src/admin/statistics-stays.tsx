import type { ReactNode } from 'react';
import { formatChf, formatDisplayDate, formatKwh, type YearStatistics } from '@rustico/core';
import { t } from '../lib/i18n.ts';
import { Card } from '../ui/card.tsx';
import { tableStyles } from '../ui/data-table.tsx';
import { houseToday } from '../lib/house-today.ts';

/* The statistics’ tables of stays: those still unpaid, and the electricity of each. */

function dates(start: string, end: string): string {
  return t('admin.statistics.datesValue', { start: formatDisplayDate(start), end: formatDisplayDate(end) });
}

interface StayRow {
  bookingId: string;
  name: string;
  start: string;
  end: string;
}

/** A card listing stays (member, dates) with one figure per stay, or a line saying there are none. */
function StayTableCard<T extends StayRow>({
  title,
  caption,
  none,
  valueLabel,
  rows,
  value,
}: {
  title: string;
  caption: string;
  none: string;
  valueLabel: string;
  rows: readonly T[];
  value: (row: T) => ReactNode;
}) {
  return (
    <Card title={title} aria-label={title}>
      {rows.length === 0 ? (
        <p className={tableStyles.muted}>{none}</p>
      ) : (
        <table className={tableStyles.table}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.statistics.member')}</th>
              <th scope="col">{t('admin.statistics.dates')}</th>
              <th scope="col" className={tableStyles.number}>
                {valueLabel}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.bookingId}>
                <th scope="row">{row.name}</th>
                <td className={tableStyles.dates}>{dates(row.start, row.end)}</td>
                <td className={tableStyles.number}>{value(row)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

export function UnpaidCard({ stats }: { stats: YearStatistics }) {
  return (
    <StayTableCard
      title={t('admin.statistics.unpaid')}
      caption={t('admin.statistics.unpaidTable', { year: stats.year })}
      none={t('admin.statistics.unpaidNone')}
      valueLabel={t('admin.statistics.cost')}
      rows={stats.unpaid}
      value={(stay) => formatChf(stay.costCentimes)}
    />
  );
}

export function StaysCard({ stats }: { stats: YearStatistics }) {
  // Stays still to come (or under way) have nothing to show yet.
  const today = houseToday();
  return (
    <StayTableCard
      title={t('admin.statistics.stays')}
      caption={t('admin.statistics.staysTable', { year: stats.year })}
      none={t('admin.statistics.staysNone', { year: stats.year })}
      valueLabel={t('admin.statistics.kwh')}
      rows={stats.stays.filter((stay) => stay.kwh !== null || stay.end < today)}
      value={(stay) => (stay.kwh === null ? <span className={tableStyles.muted}>{t('admin.statistics.noReading')}</span> : formatKwh(stay.kwh))}
    />
  );
}
