import { useState } from 'react';
import { FileText, Plus, Receipt as ReceiptIcon } from 'lucide-react';
import { formatChf, formatDisplayDate, type Expense } from '@rustico/core';
import { LoadFailed } from '../ui/forbidden.tsx';
import { t } from '../lib/i18n.ts';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { tableStyles } from '../ui/data-table.tsx';
import { Badge, List, ListRow } from '../ui/list.tsx';
import { Loading } from '../ui/loading.tsx';
import { ExpenseDetailDialog } from './expense-detail.tsx';
import { ExpenseFormDialog } from './expense-form.tsx';
import { useExpenses } from './queries.ts';

type Open = { kind: 'add' } | { kind: 'detail'; id: string } | { kind: 'edit'; id: string } | null;

function Leading({ expense }: { expense: Expense }) {
  if (expense.receipt?.thumbnailUrl) return <img src={expense.receipt.thumbnailUrl} alt="" width={48} height={48} />;
  return expense.receipt ? <FileText size={22} /> : <ReceiptIcon size={22} />;
}

/** The year's expenses, newest first; any member adds one, a row opens it. */
export function ExpensesCard({ year }: { year: number }) {
  const expenses = useExpenses(year);
  const [open, setOpen] = useState<Open>(null);
  const selected = open && open.kind !== 'add' ? expenses.data?.find((e) => e.id === open.id) : undefined;

  return (
    <Card
      title={t('accounts.list.title', { year })}
      aria-label={t('accounts.list.title', { year })}
      actions={
        <Button icon={<Plus size={18} aria-hidden="true" />} onClick={() => setOpen({ kind: 'add' })}>
          {t('accounts.list.add')}
        </Button>
      }
    >
      {expenses.isPending ? (
        <Loading />
      ) : expenses.isError ? (
        <LoadFailed onRetry={() => void expenses.refetch()} />
      ) : expenses.data.length === 0 ? (
        <p className={tableStyles.muted}>{t('accounts.list.empty', { year })}</p>
      ) : (
        <List label={t('accounts.list.title', { year })}>
          {expenses.data.map((expense) => (
            <ListRow
              key={expense.id}
              onClick={() => setOpen({ kind: 'detail', id: expense.id })}
              action={t('accounts.list.open')}
              leading={<Leading expense={expense} />}
              title={expense.description}
              detail={[
                formatDisplayDate(expense.date),
                t(`accounts.categories.${expense.category}`),
                expense.paidByName ? t('accounts.list.paidBy', { name: expense.paidByName }) : t('accounts.list.house'),
                ...(expense.recurring ? [t('accounts.list.recurring')] : []),
              ].join(' · ')}
              trailing={
                <>
                  {formatChf(expense.amountCentimes)}
                  {expense.verified ? <Badge tone="good">{t('accounts.list.verified')}</Badge> : <Badge>{t('accounts.list.unverified')}</Badge>}
                </>
              }
            />
          ))}
        </List>
      )}
      {open?.kind === 'add' ? <ExpenseFormDialog expense={null} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'edit' && selected ? <ExpenseFormDialog expense={selected} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'detail' && selected ? (
        <ExpenseDetailDialog expense={selected} onEdit={() => setOpen({ kind: 'edit', id: selected.id })} onClose={() => setOpen(null)} />
      ) : null}
    </Card>
  );
}
