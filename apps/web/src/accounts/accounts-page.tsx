import { Download, FileSpreadsheet } from 'lucide-react';
import { config } from '../lib/config.ts';
import { t } from '../lib/i18n.ts';
import { buttonClass } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { Page } from '../ui/page.tsx';
import { useYearParam, YearPicker } from '../ui/year-picker.tsx';
import { AccountCards } from './account-cards.tsx';
import styles from './accounts.module.css';
import { BalancesCard } from './balances-card.tsx';
import { ContributionsCard } from './contributions-card.tsx';
import { ExpensesCard } from './expenses-card.tsx';

function DownloadsCard({ year }: { year: number }) {
  return (
    <Card title={t('accounts.downloads')} aria-label={t('accounts.downloads')}>
      <div className={styles.downloads}>
        <a className={buttonClass({ variant: 'outlined' })} href={`/api/accounts/${year}/statement.pdf`} download>
          <Download size={18} aria-hidden="true" />
          {t('accounts.statement', { year })}
        </a>
        <a className={buttonClass({ variant: 'outlined' })} href={`/api/expenses.csv?year=${year}`} download>
          <FileSpreadsheet size={18} aria-hidden="true" />
          {t('accounts.csv', { year })}
        </a>
      </div>
    </Card>
  );
}

/**
 * /app/conti: the house's money for every member (transparency): the year's
 * account, everyone's balance, the expenses with their receipts, the
 * contributions; admins verify, settle and issue.
 */
export function AccountsPage() {
  const [year, setYear, bounds] = useYearParam();
  return (
    <Page title={t('accounts.title')} titleSuffix={config.houseName}>
      <YearPicker year={year} onChange={setYear} min={bounds.min} max={bounds.max} />
      <AccountCards year={year} />
      <BalancesCard />
      <ExpensesCard year={year} />
      <ContributionsCard year={year} />
      <DownloadsCard year={year} />
    </Page>
  );
}

export { AccountsPage as Component };
