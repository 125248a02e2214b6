import { useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { formatChf, formatDisplayDate, isAdmin, todayIn, type YearStatistics } from '@rustico/core';
import { useCurrentUser } from '../auth/queries.ts';
import { isApiError } from '../lib/api.ts';
import { config } from '../lib/config.ts';
import { t } from '../lib/i18n.ts';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { Loading } from '../ui/loading.tsx';
import { Page } from '../ui/page.tsx';
import { HorizontalBarChart, MonthChart, niceScale } from './charts.tsx';
import { BackToSettings, Forbidden, LoadFailed } from './forbidden.tsx';
import { formatNumber, formatPercent, monthName, monthShort } from './format.ts';
import { useStatistics } from './queries.ts';
import styles from './statistics.module.css';

const FIRST_YEAR = 2000;
const YEAR_PARAM = 'anno';

/** The year in the address (?anno=2025), or the current one at the house. */
function useYear(): [number, (year: number) => void, { min: number; max: number }] {
  const [params, setParams] = useSearchParams();
  const current = Number(todayIn(config.houseTimeZone).slice(0, 4));
  const bounds = { min: FIRST_YEAR, max: current + 1 };
  const asked = Number(params.get(YEAR_PARAM));
  const year = Number.isInteger(asked) && asked >= bounds.min && asked <= bounds.max ? asked : current;
  const setYear = (next: number) =>
    setParams(next === current ? {} : { [YEAR_PARAM]: String(next) }, { replace: true, preventScrollReset: true });
  return [year, setYear, bounds];
}

function YearPicker({ year, onChange, min, max }: { year: number; onChange: (year: number) => void; min: number; max: number }) {
  return (
    <div className={styles.yearPicker} role="group" aria-label={t('admin.statistics.year')}>
      <Button
        variant="outlined"
        className={styles.yearButton}
        aria-label={t('admin.statistics.previousYear')}
        title={t('admin.statistics.previousYear')}
        disabled={year <= min}
        onClick={() => onChange(year - 1)}
        icon={<ChevronLeft size={20} aria-hidden="true" />}
      />
      <output className={styles.year} aria-live="polite">
        {year}
      </output>
      <Button
        variant="outlined"
        className={styles.yearButton}
        aria-label={t('admin.statistics.nextYear')}
        title={t('admin.statistics.nextYear')}
        disabled={year >= max}
        onClick={() => onChange(year + 1)}
        icon={<ChevronRight size={20} aria-hidden="true" />}
      />
    </div>
  );
}

/** A chart's numbers as a table, behind a 'Mostra i numeri' toggle. */
function Numbers({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className={styles.numbers}>
      <Button variant="text" className={styles.toggle} aria-expanded={open} aria-controls={id} onClick={() => setOpen((value) => !value)}>
        {open ? t('admin.statistics.hideNumbers') : t('admin.statistics.showNumbers')}
      </Button>
      <div id={id} hidden={!open}>
        {children}
      </div>
    </div>
  );
}

function dates(start: string, end: string): string {
  return t('admin.statistics.datesValue', { start: formatDisplayDate(start), end: formatDisplayDate(end) });
}

function Summary({ stats }: { stats: YearStatistics }) {
  const nights = stats.nightsPerMember.reduce((sum, member) => sum + member.nights, 0);
  const kwh = stats.months.reduce((sum, month) => sum + month.kwh, 0);
  const figures: Array<[string, string]> = [
    [t('admin.statistics.totalNights'), formatNumber(nights)],
    [t('admin.statistics.paid'), formatChf(stats.paidCentimes)],
    [t('admin.statistics.open'), formatChf(stats.openCentimes)],
    [t('admin.statistics.totalKwh'), formatNumber(Math.round(kwh * 10) / 10)],
  ];
  return (
    <section aria-label={t('admin.statistics.summary', { year: stats.year })}>
      <dl className={styles.figures}>
        {figures.map(([term, value]) => (
          <div key={term} className={styles.figure}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function NightsCard({ stats }: { stats: YearStatistics }) {
  const { year, nightsPerMember } = stats;
  const values = nightsPerMember.map((m) => t('admin.statistics.nightsChartItem', { name: m.name, nights: m.nights })).join(', ');
  return (
    <Card title={t('admin.statistics.nightsPerMember')} aria-label={t('admin.statistics.nightsPerMember')}>
      <HorizontalBarChart
        label={t('admin.statistics.nightsChart', { year, values })}
        items={nightsPerMember.map((m) => ({ key: m.memberId, label: m.name, value: m.nights, colour: m.colour }))}
      />
      <Numbers>
        <table className={styles.table}>
          <caption>{t('admin.statistics.nightsTable', { year })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.statistics.member')}</th>
              <th scope="col" className={styles.number}>
                {t('admin.statistics.nights')}
              </th>
            </tr>
          </thead>
          <tbody>
            {nightsPerMember.map((m) => (
              <tr key={m.memberId}>
                <th scope="row">
                  <span className={styles.who}>
                    <span className={styles.dot} style={{ background: m.colour }} aria-hidden="true" />
                    {m.name}
                  </span>
                </th>
                <td className={styles.number}>{formatNumber(m.nights)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Numbers>
    </Card>
  );
}

function MonthsTable({ stats, column }: { stats: YearStatistics; column: 'occupancy' | 'kwh' }) {
  return (
    <table className={styles.table}>
      <caption>{t('admin.statistics.monthTable', { year: stats.year })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('admin.statistics.month')}</th>
          {column === 'occupancy' ? (
            <>
              <th scope="col" className={styles.number}>
                {t('admin.statistics.nights')}
              </th>
              <th scope="col" className={styles.number}>
                {t('admin.statistics.occupancyColumn')}
              </th>
            </>
          ) : (
            <th scope="col" className={styles.number}>
              {t('admin.statistics.kwh')}
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {stats.months.map((month) => (
          <tr key={month.month}>
            <th scope="row">{monthName(month.month)}</th>
            {column === 'occupancy' ? (
              <>
                <td className={styles.number}>{formatNumber(month.nights)}</td>
                <td className={styles.number}>{formatPercent(month.occupancy)}</td>
              </>
            ) : (
              <td className={styles.number}>{formatNumber(month.kwh)}</td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The month with the highest value (the first of equals). */
function peak(stats: YearStatistics, of: (month: YearStatistics['months'][number]) => number) {
  return stats.months.reduce((best, month) => (of(month) > of(best) ? month : best), stats.months[0]!);
}

function OccupancyCard({ stats }: { stats: YearStatistics }) {
  const year = stats.year;
  const daysInYear = (Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / 86_400_000;
  const nights = stats.months.reduce((sum, month) => sum + month.nights, 0);
  const best = peak(stats, (month) => month.occupancy);
  const label = t('admin.statistics.occupancyChart', {
    year,
    average: formatPercent(nights / daysInYear),
    max: formatPercent(best.occupancy),
    month: monthName(best.month).toLowerCase(),
  });
  return (
    <Card title={t('admin.statistics.occupancy')} aria-label={t('admin.statistics.occupancy')}>
      <MonthChart
        kind="line"
        label={label}
        values={stats.months.map((month) => month.occupancy)}
        monthLabels={stats.months.map((month) => monthShort(month.month))}
        top={1}
        step={0.25}
        formatTick={formatPercent}
      />
      <Numbers>
        <MonthsTable stats={stats} column="occupancy" />
      </Numbers>
    </Card>
  );
}

function KwhCard({ stats }: { stats: YearStatistics }) {
  const total = Math.round(stats.months.reduce((sum, month) => sum + month.kwh, 0) * 10) / 10;
  const best = peak(stats, (month) => month.kwh);
  const { top, step } = niceScale(best.kwh);
  const label = t('admin.statistics.kwhChart', {
    year: stats.year,
    total: formatNumber(total),
    max: formatNumber(best.kwh),
    month: monthName(best.month).toLowerCase(),
  });
  return (
    <Card title={t('admin.statistics.kwhPerMonth')} aria-label={t('admin.statistics.kwhPerMonth')}>
      <MonthChart
        kind="columns"
        label={label}
        values={stats.months.map((month) => month.kwh)}
        monthLabels={stats.months.map((month) => monthShort(month.month))}
        top={top}
        step={step}
        formatTick={formatNumber}
      />
      <Numbers>
        <MonthsTable stats={stats} column="kwh" />
      </Numbers>
    </Card>
  );
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
        <p className={styles.muted}>{none}</p>
      ) : (
        <table className={styles.table}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.statistics.member')}</th>
              <th scope="col">{t('admin.statistics.dates')}</th>
              <th scope="col" className={styles.number}>
                {valueLabel}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.bookingId}>
                <th scope="row">{row.name}</th>
                <td className={styles.dates}>{dates(row.start, row.end)}</td>
                <td className={styles.number}>{value(row)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

function UnpaidCard({ stats }: { stats: YearStatistics }) {
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

function StaysCard({ stats }: { stats: YearStatistics }) {
  // Stays still to come (or under way) have nothing to show yet.
  const today = todayIn(config.houseTimeZone);
  return (
    <StayTableCard
      title={t('admin.statistics.stays')}
      caption={t('admin.statistics.staysTable', { year: stats.year })}
      none={t('admin.statistics.staysNone', { year: stats.year })}
      valueLabel={t('admin.statistics.kwh')}
      rows={stats.stays.filter((stay) => stay.kwh !== null || stay.end < today)}
      value={(stay) => (stay.kwh === null ? <span className={styles.muted}>{t('admin.statistics.noReading')}</span> : formatNumber(stay.kwh))}
    />
  );
}

function Statistics({ stats }: { stats: YearStatistics }) {
  if (stats.nightsPerMember.length === 0 && stats.stays.length === 0) {
    return (
      <Card>
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>{t('admin.statistics.empty', { year: stats.year })}</p>
          <p className={styles.muted}>{t('admin.statistics.emptyHint')}</p>
        </div>
      </Card>
    );
  }
  return (
    <>
      <Summary stats={stats} />
      {stats.nightsPerMember.length > 0 ? <NightsCard stats={stats} /> : null}
      <OccupancyCard stats={stats} />
      <KwhCard stats={stats} />
      <UnpaidCard stats={stats} />
      <StaysCard stats={stats} />
    </>
  );
}

/** /app/statistiche: a year at the house in figures, charts and tables (admins). */
export function StatisticsPage() {
  const user = useCurrentUser();
  const allowed = isAdmin(user.role);
  const [year, setYear, bounds] = useYear();
  const stats = useStatistics(year, allowed);

  let content;
  if (!allowed || (stats.isError && isApiError(stats.error) && stats.error.status === 403)) {
    content = <Forbidden />;
  } else {
    content = (
      <>
        <YearPicker year={year} onChange={setYear} min={bounds.min} max={bounds.max} />
        {stats.isPending ? (
          <Loading />
        ) : stats.isError ? (
          <LoadFailed onRetry={() => void stats.refetch()} />
        ) : (
          <Statistics stats={stats.data} />
        )}
      </>
    );
  }

  return (
    <Page title={t('admin.statistics.title')} titleSuffix={config.houseName} before={<BackToSettings />}>
      {content}
    </Page>
  );
}

export { StatisticsPage as Component };
