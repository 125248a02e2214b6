import { formatChf, type YearAccount } from '@rustico/core';
import { ChartLegend, HorizontalBarChart, MonthChart, niceScale } from '../ui/charts.tsx';
import { LoadFailed } from '../ui/forbidden.tsx';
import { monthName, monthShort } from '../admin/format.ts';
import { t } from '../lib/i18n.ts';
import { Card } from '../ui/card.tsx';
import { Numbers, tableStyles } from '../ui/data-table.tsx';
import { Figures } from '../ui/figures.tsx';
import { Loading } from '../ui/loading.tsx';
import { useYearAccount } from './queries.ts';

// Categories in the chart: shades of the house's palette, in the order core lists them.
const CATEGORY_COLOURS = ['#a44a26', '#2f5d4a', '#c9822b', '#6b4f3a', '#3f7a8c', '#5b8c3a', '#8c5a3f', '#7a6f9b', '#8a8178'];

/** Whole francs on the chart's axis: 1'200. */
function tickChf(centimes: number): string {
  return formatChf(centimes).replace('CHF ', '').replace('.-', '');
}

function Summary({ account }: { account: YearAccount }) {
  return (
    <Figures
      label={t('accounts.summary', { year: account.year })}
      items={[
        [t('accounts.income'), formatChf(account.income.totalCentimes)],
        [t('accounts.expenses'), formatChf(account.expenses.totalCentimes)],
        [t('accounts.result'), formatChf(account.resultCentimes)],
        [
          t('accounts.fixedCosts'),
          t('accounts.fixedOfBudget', { spent: formatChf(account.budget.fixedSpentCentimes), budget: formatChf(account.budget.budgetCentimes) }),
        ],
      ]}
    />
  );
}

function MonthsCard({ account }: { account: YearAccount }) {
  const income = account.months.map((m) => m.incomeCentimes);
  const expenses = account.months.map((m) => m.expensesCentimes);
  const { top, step } = niceScale(Math.max(...income, ...expenses));
  return (
    <Card title={t('accounts.monthsTitle')} aria-label={t('accounts.monthsTitle')}>
      <ChartLegend first={t('accounts.income')} second={t('accounts.expenses')} />
      <MonthChart
        kind="columns"
        label={t('accounts.monthsChart', {
          year: account.year,
          income: formatChf(account.income.totalCentimes),
          expenses: formatChf(account.expenses.totalCentimes),
        })}
        values={income}
        second={expenses}
        monthLabels={account.months.map((m) => monthShort(m.month))}
        top={top}
        step={step}
        formatTick={tickChf}
      />
      <Numbers>
        <table className={tableStyles.table}>
          <caption>{t('accounts.monthsTable', { year: account.year })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('accounts.month')}</th>
              <th scope="col" className={tableStyles.number}>
                {t('accounts.income')}
              </th>
              <th scope="col" className={tableStyles.number}>
                {t('accounts.expenses')}
              </th>
            </tr>
          </thead>
          <tbody>
            {account.months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthName(m.month)}</th>
                <td className={tableStyles.number}>{formatChf(m.incomeCentimes)}</td>
                <td className={tableStyles.number}>{formatChf(m.expensesCentimes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Numbers>
    </Card>
  );
}

function CategoriesCard({ account }: { account: YearAccount }) {
  const { byCategory } = account.expenses;
  const values = byCategory.map((c) => `${t(`accounts.categories.${c.category}`)} ${formatChf(c.centimes)}`).join(', ');
  const rows: Array<[string, number]> = [
    ...account.income.byMethod.map((m): [string, number] => [t('accounts.incomeFrom', { what: t(`accounts.methods.${m.method}`) }), m.centimes]),
    [t('accounts.incomeFrom', { what: t('accounts.contributions') }), account.income.contributionsCentimes],
    ...byCategory.map((c): [string, number] => [t(`accounts.categories.${c.category}`), c.centimes]),
  ];
  return (
    <Card title={t('accounts.byCategoryTitle')} aria-label={t('accounts.byCategoryTitle')}>
      {byCategory.length === 0 ? (
        <p className={tableStyles.muted}>{t('accounts.noExpensesYet', { year: account.year })}</p>
      ) : (
        <HorizontalBarChart
          label={t('accounts.byCategoryChart', { year: account.year, values })}
          formatValue={(value) => formatChf(value)}
          valueSpace={104}
          items={byCategory.map((c, index) => ({
            key: c.category,
            label: t(`accounts.categories.${c.category}`),
            value: c.centimes,
            colour: CATEGORY_COLOURS[index % CATEGORY_COLOURS.length]!,
          }))}
        />
      )}
      <Numbers>
        <table className={tableStyles.table}>
          <caption>{t('accounts.byCategoryTable', { year: account.year })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('accounts.item')}</th>
              <th scope="col" className={tableStyles.number}>
                {t('accounts.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([item, centimes]) => (
              <tr key={item}>
                <th scope="row">{item}</th>
                <td className={tableStyles.number}>{formatChf(centimes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Numbers>
    </Card>
  );
}

/** The year's account: key figures, income and expenses per month, expenses by category. */
export function AccountCards({ year }: { year: number }) {
  const account = useYearAccount(year);
  if (account.isPending) return <Loading />;
  if (account.isError) return <LoadFailed onRetry={() => void account.refetch()} />;
  return (
    <>
      <Summary account={account.data} />
      <MonthsCard account={account.data} />
      <CategoriesCard account={account.data} />
    </>
  );
}
