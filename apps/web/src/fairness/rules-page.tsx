import { isAdmin } from '@rustico/core';
import { BackToSettings } from '../ui/forbidden.tsx';
import { useCurrentUser } from '../auth/queries.ts';
import { config } from '../lib/config.ts';
import { t } from '../lib/i18n.ts';
import { Page } from '../ui/page.tsx';
import { MemberQuotasCard } from './member-quotas-card.tsx';
import { OpenRoundButton } from './open-round-dialog.tsx';
import { PeakPeriodsCard } from './peak-periods-card.tsx';
import { RuleHistoryCard } from './rule-history-card.tsx';
import { RulesCard } from './rules-card.tsx';
import { TurnsCard } from './turns-card.tsx';

/**
 * /app/impostazioni/regole: the house's booking rules, peak periods and
 * picking turns. Admins change them; everyone reads them and their history.
 */
export function RulesPage() {
  const user = useCurrentUser();
  const admin = isAdmin(user.role);
  return (
    <Page title={t('fairness.rules.title')} lead={t('fairness.rules.lead')} titleSuffix={config.houseName} before={<BackToSettings />}>
      <RulesCard admin={admin} />
      <MemberQuotasCard admin={admin} />
      <PeakPeriodsCard admin={admin} />
      <TurnsCard user={user} always actions={admin ? <OpenRoundButton /> : undefined} />
      <RuleHistoryCard />
    </Page>
  );
}

export { RulesPage as Component };
