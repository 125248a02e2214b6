import type { ReactNode } from 'react';
import { CalendarHeart, Snowflake } from 'lucide-react';
import { formatCount, historyYears, type FairnessView } from '@rustico/core';
import { HorizontalBarChart } from '../ui/charts.tsx';
import { BackToSettings, LoadFailed } from '../ui/forbidden.tsx';
import { config } from '../lib/config.ts';
import { t } from '../lib/i18n.ts';
import { Card } from '../ui/card.tsx';
import { tableStyles } from '../ui/data-table.tsx';
import { Loading } from '../ui/loading.tsx';
import { Page } from '../ui/page.tsx';
import { useYearParam, YearPicker } from '../ui/year-picker.tsx';
import styles from './fairness.module.css';
import { useFairnessView } from './queries.ts';

type Member = FairnessView['members'][number];

function Who({ member }: { member: Member }) {
  return (
    <span className={tableStyles.who}>
      <span className={tableStyles.dot} style={{ background: member.colour }} aria-hidden="true" />
      {member.name}
    </span>
  );
}

/** A table that scrolls sideways on its own when a phone is too narrow for it (and can be scrolled by keyboard). */
function Scroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.tableWrap} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

function NightsCard({ view }: { view: FairnessView }) {
  const { year, members } = view;
  const values = members.map((m) => t('fairness.view.chartItem', { name: m.name, nights: m.personalNights })).join(', ');
  const caption = t('fairness.view.nightsTable', { year });
  return (
    <Card title={t('fairness.view.nightsTitle', { year })} aria-label={t('fairness.view.nightsTitle', { year })} icon={<CalendarHeart size={20} />}>
      <HorizontalBarChart
        label={t('fairness.view.nightsChart', { year, values })}
        items={members.map((m) => ({ key: m.memberId, label: m.name, value: m.personalNights, colour: m.colour }))}
      />
      <Scroll label={caption}>
        <table className={tableStyles.table}>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('fairness.view.member')}</th>
              <th scope="col" className={tableStyles.number}>
                {t('fairness.view.personal')}
              </th>
              <th scope="col" className={tableStyles.number}>
                {t('fairness.view.requested')}
              </th>
              <th scope="col" className={tableStyles.number}>
                {t('fairness.view.maintenance')}
              </th>
              <th scope="col" className={tableStyles.number}>
                {t('fairness.view.quota')}
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr key={m.memberId}>
                <th scope="row">
                  <Who member={m} />
                </th>
                <td className={tableStyles.number}>{formatCount(m.personalNights)}</td>
                <td className={tableStyles.number}>{formatCount(m.requestedNights)}</td>
                <td className={tableStyles.number}>{formatCount(m.maintenanceNights)}</td>
                <td className={tableStyles.number}>{m.quotaNights === null ? t('fairness.view.noQuota') : formatCount(m.quotaNights)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Scroll>
    </Card>
  );
}

function PeakCard({ view }: { view: FairnessView }) {
  const years = historyYears(view.year);
  const from = years[0]!;
  const to = years[years.length - 1]!;
  const values = view.members.map((m) => t('fairness.view.chartItem', { name: m.name, nights: m.peakNightsTotal })).join(', ');
  const caption = t('fairness.view.peakTable');
  const nightsIn = (member: Member, year: number) => member.peakHistory.find((h) => h.year === year)?.nights ?? 0;
  return (
    <Card title={t('fairness.view.peakTitle', { from, to })} aria-label={t('fairness.view.peakTitle', { from, to })} icon={<Snowflake size={20} />}>
      <HorizontalBarChart
        label={t('fairness.view.peakChart', { from, to, values })}
        items={view.members.map((m) => ({ key: m.memberId, label: m.name, value: m.peakNightsTotal, colour: m.colour }))}
      />
      <Scroll label={caption}>
        <table className={tableStyles.table}>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('fairness.view.member')}</th>
              {years.map((year) => (
                <th key={year} scope="col" className={tableStyles.number}>
                  {year}
                </th>
              ))}
              <th scope="col" className={tableStyles.number}>
                {t('fairness.view.total')}
              </th>
            </tr>
          </thead>
          <tbody>
            {view.members.map((m) => (
              <tr key={m.memberId}>
                <th scope="row">
                  <Who member={m} />
                </th>
                {years.map((year) => (
                  <td key={year} className={tableStyles.number}>
                    {formatCount(nightsIn(m, year))}
                  </td>
                ))}
                <td className={tableStyles.number}>
                  <strong>{formatCount(m.peakNightsTotal)}</strong>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Scroll>
    </Card>
  );
}

/** /app/equita: for every member, who had the house this year and in the peak periods of the last five years. */
export function FairnessPage() {
  const [year, setYear, bounds] = useYearParam();
  const view = useFairnessView(year);
  let content;
  if (view.isPending) content = <Loading />;
  else if (view.isError) content = <LoadFailed onRetry={() => void view.refetch()} />;
  else if (view.data.members.length === 0) content = <p className={styles.muted}>{t('fairness.view.empty')}</p>;
  else
    content = (
      <>
        <NightsCard view={view.data} />
        <PeakCard view={view.data} />
      </>
    );
  return (
    <Page title={t('fairness.view.title')} lead={t('fairness.view.lead')} titleSuffix={config.houseName} before={<BackToSettings />}>
      <YearPicker year={year} onChange={setYear} min={bounds.min} max={bounds.max} />
      {content}
    </Page>
  );
}

export { FairnessPage as Component };
