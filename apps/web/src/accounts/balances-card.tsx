import { useState } from 'react';
import { QrCode, Scale } from 'lucide-react';
import { formatChf, formatDisplayDate, francs, isAdmin, settlementFor, type MemberBalance, type SettlementKind } from '@rustico/core';
import { LoadFailed } from '../ui/forbidden.tsx';
import { useCurrentUser } from '../auth/queries.ts';
import { errorText } from '../lib/error-text.ts';
import { t } from '../lib/i18n.ts';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { tableStyles } from '../ui/data-table.tsx';
import { CloseButton, Dialog } from '../ui/dialog.tsx';
import { FormDialog } from '../ui/form-dialog.tsx';
import { List, ListRow } from '../ui/list.tsx';
import { Loading } from '../ui/loading.tsx';
import { QrBill } from '../ui/qr-bill.tsx';
import { TextField } from '../ui/text-field.tsx';
import { useToast } from '../ui/toast-context.ts';
import styles from './accounts.module.css';
import { useBalances, useRecordSettlement } from './queries.ts';

function balanceText(centimes: number): string {
  if (centimes === 0) return t('accounts.balances.even');
  return centimes > 0 ? t('accounts.balances.houseOwes', { amount: formatChf(centimes) }) : t('accounts.balances.memberOwes', { amount: formatChf(-centimes) });
}

/** An admin records money that changed hands; the amount starts at what is open. */
function SettlementDialog({ member, kind, onClose }: { member: MemberBalance; kind: SettlementKind; onClose: () => void }) {
  const record = useRecordSettlement();
  const { toast } = useToast();
  const open = Math.abs(member.balanceCentimes);
  const [amount, setAmount] = useState((open / 100).toFixed(2));
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const centimes = /^\d{1,7}([.,]\d{1,2})?$/.test(amount.trim()) ? francs(Number(amount.trim().replace(',', '.'))) : 0;
    if (centimes <= 0) {
      setError(t('accounts.form.amountInvalid'));
      return;
    }
    record.mutate(
      { userId: member.memberId, kind, amountCentimes: centimes },
      {
        onSuccess: () => {
          toast({ title: t('accounts.balances.recorded') });
          onClose();
        },
        onError: (failure) => setError(errorText(failure)),
      },
    );
  };
  const reimbursement = kind === 'reimbursement';
  return (
    <FormDialog
      title={reimbursement ? t('accounts.balances.reimburseTitle', { name: member.name }) : t('accounts.balances.paymentTitle', { name: member.name })}
      description={reimbursement ? t('accounts.balances.reimburseText', { name: member.name }) : t('accounts.balances.paymentText', { name: member.name })}
      submitLabel={t('accounts.balances.record')}
      pending={record.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label={t('accounts.form.amount')}
        inputMode="decimal"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={error ?? undefined}
        onClearError={() => setError(null)}
      />
    </FormDialog>
  );
}

function PayDialog({ amount, onClose }: { amount: number; onClose: () => void }) {
  return (
    <Dialog
      open
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={t('accounts.balances.payTitle')}
      description={t('accounts.balances.payText', { amount: formatChf(amount) })}
      actions={<CloseButton />}
    >
      <QrBill url={`/api/accounts/balances/qr-bill.svg?v=${amount}`} alt={t('accounts.balances.qrAlt', { amount: formatChf(amount) })} hint={t('accounts.qrHint')} />
    </Dialog>
  );
}

type Open = { kind: 'pay' } | { kind: SettlementKind; member: MemberBalance } | null;

/** One balance per member with the house, the house's own, settling up, the latest movements. */
export function BalancesCard() {
  const user = useCurrentUser();
  const admin = isAdmin(user.role);
  const balances = useBalances();
  const [open, setOpen] = useState<Open>(null);

  let content;
  if (balances.isPending) content = <Loading />;
  else if (balances.isError) content = <LoadFailed onRetry={() => void balances.refetch()} />;
  else {
    const mine = balances.data.members.find((m) => m.memberId === user.id)?.balanceCentimes ?? 0;
    content = (
      <>
        <List label={t('accounts.balances.caption')}>
          {balances.data.members.map((member) => {
            const settle = settlementFor(member.balanceCentimes);
            return (
              <ListRow
                key={member.memberId}
                title={
                  <span className={tableStyles.who}>
                    <span className={tableStyles.dot} style={{ background: member.colour }} aria-hidden="true" />
                    {member.name}
                  </span>
                }
                detail={`${t('accounts.balances.paid')} ${formatChf(member.paidCentimes)} · ${t('accounts.balances.owed')} ${formatChf(member.owedCentimes)} · ${balanceText(member.balanceCentimes)}`}
                trailing={
                  <>
                    <span className={styles.balance} data-balance={Math.sign(member.balanceCentimes)}>
                      {formatChf(member.balanceCentimes)}
                    </span>
                    {admin && settle ? (
                      <Button variant="outlined" className={styles.rowButton} onClick={() => setOpen({ kind: settle.kind, member })}>
                        {settle.kind === 'reimbursement' ? t('accounts.balances.reimburse') : t('accounts.balances.recordPayment')}
                      </Button>
                    ) : null}
                  </>
                }
              />
            );
          })}
          <ListRow title={t('accounts.balances.house')} trailing={<span className={styles.balance}>{formatChf(balances.data.houseCentimes)}</span>} />
        </List>
        <p className={tableStyles.muted}>{t('accounts.balances.explain')}</p>
        {mine < 0 ? (
          <Button icon={<QrCode size={18} aria-hidden="true" />} onClick={() => setOpen({ kind: 'pay' })}>
            {t('accounts.balances.payMine', { amount: formatChf(-mine) })}
          </Button>
        ) : null}
        {balances.data.settlements.length > 0 ? (
          <>
            <h3 className={styles.subheading}>{t('accounts.balances.latest')}</h3>
            <ul className={styles.history}>
              {balances.data.settlements.slice(0, 5).map((s) => (
                <li key={s.id}>
                  {t(`accounts.balances.settlement.${s.kind}`, { name: s.name, amount: formatChf(s.amountCentimes) })}{' '}
                  <span className={tableStyles.muted}>{t('accounts.balances.settlementBy', { name: s.recordedByName, date: formatDisplayDate(s.createdAt.slice(0, 10)) })}</span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {open?.kind === 'pay' ? <PayDialog amount={-mine} onClose={() => setOpen(null)} /> : null}
      </>
    );
  }

  return (
    <Card title={t('accounts.balances.title')} aria-label={t('accounts.balances.title')} icon={<Scale size={20} />}>
      {content}
      {open && open.kind !== 'pay' ? <SettlementDialog member={open.member} kind={open.kind} onClose={() => setOpen(null)} /> : null}
    </Card>
  );
}
