import { useState } from 'react';
import { History } from 'lucide-react';
import { formatChf, type RuleChange } from '@rustico/core';
import { LoadFailed } from '../ui/forbidden.tsx';
import { t } from '../lib/i18n.ts';
import { formatMoment } from '../lib/moment.ts';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { Loading } from '../ui/loading.tsx';
import styles from './fairness.module.css';
import { peakRangeText } from './peak-format.ts';
import { useRuleHistory } from './queries.ts';
import { ruleValueText } from './rules-card.tsx';

const SHOWN = 10;

type Value = RuleChange['before'];

function valueText(change: RuleChange, value: Value): string {
  // Not set: a member has the house's quota again; the window and the quota are off.
  if (value === null && change.rule === 'memberQuota') return t('fairness.rules.houseQuota').toLowerCase();
  if (value === null && (change.rule === 'bookingWindowMonths' || change.rule === 'quotaNights')) return t('fairness.rules.noLimit').toLowerCase();
  if (value === null && change.rule === 'holdDays') return t('holds.off').toLowerCase();
  if (value === null) return t('fairness.history.none');
  if (typeof value === 'object') return t('fairness.history.peak', { name: value.name, range: peakRangeText(value) });
  switch (change.rule) {
    case 'nightFeeCentimes':
    case 'minimumStayCostCentimes':
    case 'pricePerKwhCentimes':
      return formatChf(value);
    case 'memberQuota':
    case 'quotaNights':
      return ruleValueText('quotaNights', value);
    case 'bookingWindowMonths':
    case 'maxStayNights':
    case 'noticeDays':
    case 'holdDays':
      return ruleValueText(change.rule, value);
    default:
      return String(value);
  }
}

/** One line: what changed, from what to what. */
export function changeText(change: RuleChange): { what: string; how: string } {
  const what = change.rule === 'memberQuota' ? t('fairness.ruleNames.memberQuota', { name: change.memberName ?? '' }) : t(`fairness.ruleNames.${change.rule}`);
  let how: string;
  if (change.rule === 'peakPeriod' && change.before === null && change.after !== null) how = t('fairness.history.peakAdded', { peak: valueText(change, change.after) });
  else if (change.rule === 'peakPeriod' && change.after === null && change.before !== null) how = t('fairness.history.peakRemoved', { peak: valueText(change, change.before) });
  else how = t('fairness.history.change', { before: valueText(change, change.before), after: valueText(change, change.after) });
  return { what, how };
}

/** Every change of a rule with who made it and when, newest first: shown to everyone. */
export function RuleHistoryCard() {
  const history = useRuleHistory();
  const [all, setAll] = useState(false);
  let content;
  if (history.isPending) content = <Loading />;
  else if (history.isError) content = <LoadFailed onRetry={() => void history.refetch()} />;
  else if (history.data.length === 0) content = <p className={styles.muted}>{t('fairness.history.empty')}</p>;
  else {
    const shown = all ? history.data : history.data.slice(0, SHOWN);
    content = (
      <>
        <ul className={styles.changes}>
          {shown.map((change) => {
            const { what, how } = changeText(change);
            const when = formatMoment(change.at);
            return (
              <li key={change.id}>
                <span className={styles.changeWhat}>
                  {what}: {how}
                </span>
                <span className={styles.muted}>
                  {change.byName ? t('fairness.history.by', { name: change.byName, when }) : t('fairness.history.byCli', { when })}
                </span>
              </li>
            );
          })}
        </ul>
        {!all && history.data.length > SHOWN ? (
          <Button variant="text" onClick={() => setAll(true)}>
            {t('fairness.history.more', { count: history.data.length })}
          </Button>
        ) : null}
      </>
    );
  }
  return (
    <Card title={t('fairness.history.title')} aria-label={t('fairness.history.title')} icon={<History size={20} />}>
      {content}
    </Card>
  );
}
