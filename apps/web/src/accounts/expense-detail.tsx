import { useState } from 'react';
import { ExternalLink, FileText } from 'lucide-react';
import { canEditExpense, formatChf, formatDisplayDate, isAdmin, type Expense } from '@rustico/core';
import { useCurrentUser } from '../auth/queries.ts';
import { errorText } from '../lib/error-text.ts';
import { t } from '../lib/i18n.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { tableStyles } from '../ui/data-table.tsx';
import { CloseButton, Dialog, DialogActions } from '../ui/dialog.tsx';
import { Loading } from '../ui/loading.tsx';
import { useToast } from '../ui/toast-context.ts';
import { Facts } from '../ui/facts.tsx';
import { refusalText } from '../ui/stale-edit.tsx';
import { ChangeList } from '../history/change-list.tsx';
import styles from './accounts.module.css';
import { useDeleteExpense, useExpenseHistory, useSaveExpense } from './queries.ts';

function History({ id }: { id: string }) {
  const history = useExpenseHistory(id);
  if (history.isPending) return <Loading />;
  if (history.isError) return <Alert>{errorText(history.error)}</Alert>;
  return <ChangeList changes={history.data} />;
}

export function Receipt({ expense }: { expense: Expense }) {
  const { receipt } = expense;
  if (!receipt) return <p className={tableStyles.muted}>{t('accounts.detail.noReceipt')}</p>;
  return (
    <a href={receipt.url} target="_blank" rel="noopener" className={styles.receipt}>
      {receipt.thumbnailUrl ? (
        <img src={receipt.thumbnailUrl} alt={t('accounts.list.receipt', { reference: receipt.reference })} width={96} height={96} />
      ) : (
        <FileText size={32} aria-hidden="true" />
      )}
      <span className={styles.receiptText}>
        <ExternalLink size={16} aria-hidden="true" />
        {t('accounts.detail.receiptOpen')} ({receipt.reference})
      </span>
    </a>
  );
}

/** One expense in full: its receipt, who paid, its changes; edit, verify and delete for who may. */
export function ExpenseDetailDialog({ expense, onEdit, onClose }: { expense: Expense; onEdit: () => void; onClose: () => void }) {
  const user = useCurrentUser();
  const editable = canEditExpense(user, expense);
  const save = useSaveExpense();
  const remove = useDeleteExpense();
  const { toast } = useToast();
  const [confirming, setConfirming] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  const verify = () => {
    const { id, date, amountCentimes, category, description, paidById, recurring } = expense;
    save.mutate(
      // Verified as shown: changed meanwhile, the admin is told by whom and looks again.
      { id, input: { date, amountCentimes, category, description, paidById, recurring }, verified: true, version: expense.version },
      { onSuccess: () => toast({ title: t('accounts.detail.verifiedToast') }), onError: (error) => setAlert(refusalText(error)) },
    );
  };
  const del = () =>
    remove.mutate(
      { id: expense.id, version: expense.version },
      {
        onSuccess: () => {
          toast({ title: t('accounts.detail.deleted') });
          onClose();
        },
        onError: (error) => setAlert(refusalText(error)),
      },
    );

  if (confirming) {
    return (
      <Dialog
        open
        onOpenChange={(open) => !open && onClose()}
        title={t('accounts.detail.delete')}
        description={t('accounts.detail.deleteConfirm', { description: expense.description })}
        actions={
          <DialogActions>
            <Button danger loading={remove.isPending} onClick={del}>
              {t('accounts.detail.delete')}
            </Button>
          </DialogActions>
        }
      >
        {alert ? <Alert>{alert}</Alert> : null}
      </Dialog>
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={expense.description}
      actions={
        <>
          <CloseButton />
          {editable ? (
            <Button variant="outlined" danger onClick={() => setConfirming(true)}>
              {t('accounts.detail.delete')}
            </Button>
          ) : null}
          {editable ? (
            <Button variant="outlined" onClick={onEdit}>
              {t('accounts.detail.edit')}
            </Button>
          ) : null}
          {isAdmin(user.role) && !expense.verified ? (
            <Button loading={save.isPending} onClick={verify}>
              {t('accounts.detail.verify')}
            </Button>
          ) : null}
        </>
      }
    >
      {alert ? <Alert>{alert}</Alert> : null}
      <Facts
        rows={[
          [t('accounts.amount'), formatChf(expense.amountCentimes)],
          [t('accounts.form.date'), formatDisplayDate(expense.date)],
          [t('accounts.form.category'), t(`accounts.categories.${expense.category}`)],
          [t('accounts.form.paidBy'), expense.paidByName ?? t('accounts.list.house')],
          [t('accounts.list.verified'), expense.verified ? t('accounts.list.verified') : t('accounts.list.unverified')],
        ]}
      />
      {expense.verified && !editable ? <p className={tableStyles.muted}>{t('accounts.detail.lockedHint')}</p> : null}
      <Receipt expense={expense} />
      <h3 className={styles.subheading}>{t('accounts.detail.history')}</h3>
      <History id={expense.id} />
    </Dialog>
  );
}
