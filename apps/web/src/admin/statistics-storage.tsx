import { formatFileSize, type StorageStatistics } from '@rustico/core';
import { t } from '../lib/i18n.ts';
import { Alert } from '../ui/alert.tsx';
import { Card } from '../ui/card.tsx';
import { tableStyles } from '../ui/data-table.tsx';
import { Figures } from '../ui/figures.tsx';
import { formatPercent } from './format.ts';
import { useStorage } from './queries.ts';

function Storage({ storage }: { storage: StorageStatistics }) {
  const memberBudget = formatFileSize(storage.memberBudgetBytes);
  const used = t('admin.storage.houseValue', { used: formatFileSize(storage.houseBytes), budget: formatFileSize(storage.houseBudgetBytes) });
  const figures = [
    [t('admin.storage.house'), `${used} (${formatPercent(storage.houseBytes / storage.houseBudgetBytes)})`],
    [t('admin.storage.memberBudget'), memberBudget],
  ] as const;
  return (
    <>
      <p className={tableStyles.muted}>{t('admin.storage.hint')}</p>
      <Figures label={t('admin.storage.title')} items={figures} />
      {storage.members.length === 0 ? (
        <p className={tableStyles.muted}>{t('admin.storage.none')}</p>
      ) : (
        <table className={tableStyles.table}>
          <caption className="visually-hidden">{t('admin.storage.table', { memberBudget })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.storage.member')}</th>
              <th scope="col" className={tableStyles.number}>
                {t('admin.storage.used')}
              </th>
              <th scope="col" className={tableStyles.number}>
                {t('admin.storage.share')}
              </th>
            </tr>
          </thead>
          <tbody>
            {storage.members.map((member) => (
              <tr key={member.memberId}>
                <th scope="row">
                  <span className={tableStyles.who}>
                    <span className={tableStyles.dot} style={{ background: member.colour }} aria-hidden="true" />
                    {member.name}
                  </span>
                </th>
                <td className={tableStyles.number}>{formatFileSize(member.bytes)}</td>
                <td className={tableStyles.number}>{formatPercent(member.bytes / storage.memberBudgetBytes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** 'Spazio per i file': what the receipts and photos take, per member and for the house, against the budgets (statistics page). */
export function StorageCard() {
  const storage = useStorage(true);
  const title = t('admin.storage.title');
  return (
    <Card title={title} aria-label={title}>
      {storage.isPending ? null : storage.isError ? <Alert tone="error">{t('admin.loadFailed')}</Alert> : <Storage storage={storage.data} />}
    </Card>
  );
}
