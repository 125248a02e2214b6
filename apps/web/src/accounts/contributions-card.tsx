import { useState } from 'react';
import { HandCoins, QrCode } from 'lucide-react';
import { formatChf, francs, isAdmin, type Contribution, type ContributionShares, type ContributionsResponse } from '@rustico/core';
import { LoadFailed } from '../ui/forbidden.tsx';
import { useMembers } from '../members/queries.ts';
import { useCurrentUser } from '../auth/queries.ts';
import { errorText } from '../lib/error-text.ts';
import { t } from '../lib/i18n.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { tableStyles } from '../ui/data-table.tsx';
import { CloseButton, Dialog } from '../ui/dialog.tsx';
import { FormDialog } from '../ui/form-dialog.tsx';
import { Badge, List, ListRow } from '../ui/list.tsx';
import { Loading } from '../ui/loading.tsx';
import { QrBill } from '../ui/qr-bill.tsx';
import { Select } from '../ui/select.tsx';
import { Switch } from '../ui/switch.tsx';
import { TextField } from '../ui/text-field.tsx';
import { useToast } from '../ui/toast-context.ts';
import styles from './accounts.module.css';
import { useContributions, useIssueContributions, useMarkContributionPaid, useSaveContributionSettings } from './queries.ts';

/** Admins set the yearly budget and who shares it: equally, or by percentages adding up to 100. */
function SettingsDialog({ data, onClose }: { data: ContributionsResponse; onClose: () => void }) {
  const members = useMembers(true);
  const save = useSaveContributionSettings();
  const { toast } = useToast();
  const [budget, setBudget] = useState((data.budgetCentimes / 100).toFixed(2));
  const [mode, setMode] = useState<ContributionShares['mode']>(data.shares?.mode ?? 'equal');
  const [shares, setShares] = useState<Record<string, number>>(
    Object.fromEntries((data.shares?.shares ?? []).map((s) => [s.userId, s.percent ?? 0])),
  );
  const [alert, setAlert] = useState<string | null>(null);
  const sum = Object.values(shares).reduce((a, b) => a + b, 0);

  const submit = () => {
    setAlert(null);
    const budgetCentimes = /^\d{1,7}([.,]\d{1,2})?$/.test(budget.trim()) ? francs(Number(budget.trim().replace(',', '.'))) : -1;
    if (budgetCentimes < 0) {
      setAlert(t('accounts.form.amountInvalid'));
      return;
    }
    const list = Object.entries(shares).map(([userId, percent]) => (mode === 'percent' ? { userId, percent } : { userId }));
    save.mutate(
      { budgetCentimes, shares: { mode, shares: list } },
      {
        onSuccess: () => {
          toast({ title: t('accounts.contributionsCard.saved') });
          onClose();
        },
        onError: (error) => setAlert(errorText(error)),
      },
    );
  };

  return (
    <FormDialog
      title={t('accounts.contributionsCard.settings')}
      submitLabel={t('accounts.form.save')}
      pending={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      {alert ? <Alert>{alert}</Alert> : null}
      <TextField label={t('accounts.contributionsCard.budget')} inputMode="decimal" value={budget} onChange={(event) => setBudget(event.target.value)} />
      <Select
        label={t('accounts.contributionsCard.mode')}
        options={[
          { value: 'equal', label: t('accounts.contributionsCard.equal') },
          { value: 'percent', label: t('accounts.contributionsCard.percent') },
        ]}
        value={mode}
        onValueChange={(value) => setMode(value === 'percent' ? 'percent' : 'equal')}
      />
      <h3 className={styles.subheading}>{t('accounts.contributionsCard.coOwners')}</h3>
      {members.isPending ? <Loading /> : null}
      {(members.data ?? [])
        .filter((m) => !m.disabled)
        .map((member) => (
          <div key={member.id} className={styles.shareRow}>
            <Switch
              label={member.name}
              checked={member.id in shares}
              onCheckedChange={(checked) =>
                setShares(({ [member.id]: _removed, ...rest }) => (checked ? { ...rest, [member.id]: 0 } : rest))
              }
            />
            {mode === 'percent' && member.id in shares ? (
              <TextField
                label={t('accounts.contributionsCard.percentOf', { name: member.name })}
                inputMode="decimal"
                value={String(shares[member.id] ?? 0)}
                onChange={(event) => setShares((current) => ({ ...current, [member.id]: Number(event.target.value.replace(',', '.')) || 0 }))}
              />
            ) : null}
          </div>
        ))}
      {mode === 'percent' ? <p className={tableStyles.muted}>{t('accounts.contributionsCard.sum', { sum: Math.round(sum * 100) / 100 })}</p> : null}
    </FormDialog>
  );
}

function PayContributionDialog({ contribution, onClose }: { contribution: Contribution; onClose: () => void }) {
  const amount = formatChf(contribution.amountCentimes);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('accounts.contributionsCard.payTitle', { year: contribution.year })} actions={<CloseButton />}>
      <QrBill
        url={`/api/contributions/${encodeURIComponent(contribution.id)}/qr-bill.svg`}
        alt={t('accounts.contributionsCard.qrAlt', { year: contribution.year, amount })}
        hint={t('accounts.qrHint')}
      />
    </Dialog>
  );
}

/** The co-owners' yearly contributions: issued by admins, each with its QR-bill, marked paid. */
export function ContributionsCard({ year }: { year: number }) {
  const user = useCurrentUser();
  const admin = isAdmin(user.role);
  const contributions = useContributions(year);
  const issue = useIssueContributions();
  const markPaid = useMarkContributionPaid();
  const { toast } = useToast();
  const [settings, setSettings] = useState(false);
  const [paying, setPaying] = useState<Contribution | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const title = t('accounts.contributionsCard.title', { year });

  let content;
  if (contributions.isPending) content = <Loading />;
  else if (contributions.isError) content = <LoadFailed onRetry={() => void contributions.refetch()} />;
  else {
    const { data } = contributions;
    content = (
      <>
        <p className={tableStyles.muted}>{t('accounts.contributionsCard.intro', { budget: formatChf(data.budgetCentimes) })}</p>
        {alert ? <Alert>{alert}</Alert> : null}
        {data.contributions.length === 0 ? (
          <p>{t('accounts.contributionsCard.none', { year })}</p>
        ) : (
          <List label={title}>
            {data.contributions.map((c) => (
              <ListRow
                key={c.id}
                title={c.name}
                detail={c.paid ? t('accounts.contributionsCard.paid') : t('accounts.contributionsCard.open')}
                trailing={
                  <>
                    {formatChf(c.amountCentimes)}
                    {c.paid ? <Badge tone="good">{t('accounts.contributionsCard.paid')}</Badge> : null}
                    {!c.paid && c.userId === user.id ? (
                      <Button variant="outlined" className={styles.rowButton} icon={<QrCode size={16} aria-hidden="true" />} onClick={() => setPaying(c)}>
                        {t('accounts.contributionsCard.pay')}
                      </Button>
                    ) : null}
                    {!c.paid && admin ? (
                      <Button
                        variant="outlined"
                        className={styles.rowButton}
                        onClick={() =>
                          markPaid.mutate(c.id, {
                            onSuccess: () => toast({ title: t('accounts.contributionsCard.markedPaid') }),
                            onError: (error) => setAlert(errorText(error)),
                          })
                        }
                      >
                        {t('accounts.contributionsCard.markPaid')}
                      </Button>
                    ) : null}
                  </>
                }
              />
            ))}
          </List>
        )}
        {settings ? <SettingsDialog data={data} onClose={() => setSettings(false)} /> : null}
      </>
    );
  }

  return (
    <Card
      title={title}
      aria-label={title}
      icon={<HandCoins size={20} />}
      actions={
        admin ? (
          <>
            <Button variant="outlined" onClick={() => setSettings(true)}>
              {t('accounts.contributionsCard.settings')}
            </Button>
            <Button
              loading={issue.isPending}
              onClick={() => {
                setAlert(null);
                issue.mutate(year, { onSuccess: () => toast({ title: t('accounts.contributionsCard.issued') }), onError: (error) => setAlert(errorText(error)) });
              }}
            >
              {t('accounts.contributionsCard.issue', { year })}
            </Button>
          </>
        ) : undefined
      }
    >
      {content}
      {paying ? <PayContributionDialog contribution={paying} onClose={() => setPaying(null)} /> : null}
    </Card>
  );
}
