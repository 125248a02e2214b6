import { formatChf, formatCount, formatKwh, isAdmin, type YearStatistics } from '@rustico/core';
import { useCurrentUser } from '../auth/queries.ts';
import { isApiError } from '../lib/api.ts';
import { config } from '../lib/config.ts';
import { t } from '../lib/i18n.ts';
import { Card } from '../ui/card.tsx';
import { Numbers, tableStyles } from '../ui/data-table.tsx';
import { Figures } from '../ui/figures.tsx';
import { Loading } from '../ui/loading.tsx';
import { Page } from '../ui/page.tsx';
import { useYearParam, YearPicker } from '../ui/year-picker.tsx';
import { HorizontalBarChart, MonthChart, niceScale } from '../ui/charts.tsx';
import { BackToSettings, Forbidden, LoadFailed } from '../ui/forbidden.tsx';
import { formatPercent, monthName, monthShort } from './format.ts';
import { useStatistics } from './queries.ts';
import { ReadingsCard } from './readings-card.tsx';
import { StaysCard, UnpaidCard } from './statistics-stays.tsx';
import { StorageCard } from './statistics-storage.tsx';
import styles from './statistics.module.css';

function Summary({ stats }: { stats: YearStatistics }) {
  const nights = stats.nightsPerMember.reduce((sum, member) => sum + member.nights, 0);
  const kwh = stats.months.reduce((sum, month) => sum + month.kwh, 0);
  const figures = [
    [t('admin.statistics.totalNights'), formatCount(nights)],
    [t('admin.statistics.paid'), formatChf(stats.paidCentimes)],
    [t('admin.statistics.open'), formatChf(stats.openCentimes)],
    [t('admin.statistics.totalKwh'), formatKwh(kwh)],
  ] as const;
  return <Figures label={t('admin.statistics.summary', { year: stats.year })} items={figures} />;
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
        <table className={tableStyles.table}>
          <caption>{t('admin.statistics.nightsTable', { year })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.statistics.member')}</th>
              <th scope="col" className={tableStyles.number}>
                {t('admin.statistics.nights')}
              </th>
            </tr>
          </thead>
          <tbody>
            {nightsPerMember.map((m) => (
              <tr key={m.memberId}>
                <th scope="row">
                  <span className={tableStyles.who}>
                    <span className={tableStyles.dot} style={{ background: m.colour }} aria-hidden="true" />
                    {m.name}
                  </span>
                </th>
                <td className={tableStyles.number}>{formatCount(m.nights)}</td>
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
    <table className={tableStyles.table}>
      <caption>{t('admin.statistics.monthTable', { year: stats.year })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('admin.statistics.month')}</th>
          {column === 'occupancy' ? (
            <>
              <th scope="col" className={tableStyles.number}>
                {t('admin.statistics.nights')}
              </th>
              <th scope="col" className={tableStyles.number}>
                {t('admin.statistics.occupancyColumn')}
              </th>
            </>
          ) : (
            <th scope="col" className={tableStyles.number}>
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
                <td className={tableStyles.number}>{formatCount(month.nights)}</td>
                <td className={tableStyles.number}>{formatPercent(month.occupancy)}</td>
              </>
            ) : (
              <td className={tableStyles.number}>{formatKwh(month.kwh)}</td>
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
    total: formatKwh(total),
    max: formatKwh(best.kwh),
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
        formatTick={formatCount}
      />
      <Numbers>
        <MonthsTable stats={stats} column="kwh" />
      </Numbers>
    </Card>
  );
}

function Statistics({ stats }: { stats: YearStatistics }) {
  if (stats.nightsPerMember.length === 0 && stats.stays.length === 0) {
    return (
      <Card>
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>{t('admin.statistics.empty', { year: stats.year })}</p>
          <p className={tableStyles.muted}>{t('admin.statistics.emptyHint')}</p>
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
  const [year, setYear, bounds] = useYearParam();
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
        <ReadingsCard />
        <StorageCard />
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
