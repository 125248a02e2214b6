import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Paperclip } from 'lucide-react';
import { expenseCategories, formatChf, formatDisplayDate, francs, isAdmin, RECEIPT_MAX_BYTES, type Expense, type ExpenseInput } from '@rustico/core';
import type { z } from 'zod';
import { useMembers } from '../members/queries.ts';
import { useCurrentUser } from '../auth/queries.ts';
import { isApiError, staleEditOf } from '../lib/api.ts';
import { errorCodeText, errorText } from '../lib/error-text.ts';
import { fieldErrorText } from '../lib/form-errors.ts';
import { t } from '../lib/i18n.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogActions } from '../ui/dialog.tsx';
import { Select } from '../ui/select.tsx';
import { StaleEdit } from '../ui/stale-edit.tsx';
import { Switch } from '../ui/switch.tsx';
import { TextField } from '../ui/text-field.tsx';
import { lazyZodResolver } from '../ui/lazy-resolver.ts';
import { useToast } from '../ui/toast-context.ts';
import styles from './accounts.module.css';
import type { expenseFormSchema } from './form-schemas.ts';
import { useSaveExpense, useUploadReceipt } from './queries.ts';
import { houseToday } from '../lib/house-today.ts';

type FormValues = z.infer<typeof expenseFormSchema>;
const resolver = lazyZodResolver(() => import('./form-schemas.ts').then((schemas) => schemas.expenseFormSchema));

const HOUSE = 'house';
const FIELDS = ['date', 'amount', 'category', 'description', 'paidBy'] as const;

function toInput(values: FormValues): ExpenseInput {
  return {
    date: values.date,
    amountCentimes: francs(Number(values.amount.replace(',', '.'))),
    category: values.category,
    description: values.description,
    paidById: values.paidBy === HOUSE ? null : values.paidBy,
    recurring: values.recurring,
  };
}

/** Adding or changing an expense, with its receipt (a photo from the phone's camera, or a PDF). */
export function ExpenseFormDialog({ expense, onClose }: { expense: Expense | null; onClose: () => void }) {
  const user = useCurrentUser();
  const admin = isAdmin(user.role);
  const members = useMembers(admin);
  const save = useSaveExpense();
  const upload = useUploadReceipt();
  const { toast } = useToast();
  const formId = useId();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [formAlert, setFormAlert] = useState<string | null>(null);
  // The version this edit is made on; after a STALE_EDIT, the newer one the person chose to apply theirs to.
  const [baseVersion, setBaseVersion] = useState(expense?.version);
  const [stale, setStale] = useState<{ current: Expense; changedByName: string | null; changedAt: string | null; values: FormValues } | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<FormValues>({
    resolver,
    defaultValues: expense
      ? {
          date: expense.date,
          amount: (expense.amountCentimes / 100).toFixed(2),
          category: expense.category,
          description: expense.description,
          paidBy: expense.paidById ?? HOUSE,
          recurring: expense.recurring,
        }
      : { date: houseToday(), amount: '', category: 'maintenance', description: '', paidBy: user.id, recurring: false },
    shouldFocusError: true,
    reValidateMode: 'onSubmit',
  });

  const payers = admin
    ? [
        { value: HOUSE, label: t('accounts.list.house') },
        ...(members.data ?? [user]).filter((m) => !('disabled' in m) || !m.disabled).map((m) => ({ value: m.id, label: m.name })),
      ]
    : [{ value: user.id, label: user.name }];

  const submit = async (values: FormValues, version?: number) => {
    setFormAlert(null);
    if (file && file.size > RECEIPT_MAX_BYTES) {
      setFormAlert(errorCodeText('BODY_TOO_LARGE'));
      return;
    }
    let saved: Expense;
    try {
      saved = await save.mutateAsync({ id: expense?.id ?? null, input: toInput(values), version: version ?? baseVersion });
    } catch (error) {
      const refused = staleEditOf<Expense>(error);
      if (refused) {
        setStale({ ...refused, values });
        return;
      }
      const field = isApiError(error) ? error.field : undefined;
      const name = field === 'amountCentimes' ? 'amount' : field === 'paidById' ? 'paidBy' : field;
      if (isApiError(error) && name && (FIELDS as readonly string[]).includes(name)) {
        setError(name as (typeof FIELDS)[number], { type: 'server', message: errorCodeText(error.code) }, { shouldFocus: true });
      } else {
        setFormAlert(errorText(error));
      }
      return;
    }
    if (file) {
      try {
        await upload.mutateAsync({ id: saved.id, file });
      } catch (error) {
        toast({ title: t('accounts.form.receiptFailed', { reason: errorText(error) }) });
        onClose();
        return;
      }
    }
    toast({ title: t('accounts.form.saved') });
    onClose();
  };

  if (stale) {
    const { current, values } = stale;
    const mine = toInput(values);
    const payer = (id: string | null) => payers.find((p) => p.value === (id ?? HOUSE))?.label ?? '–';
    const rows = [
      { label: t('accounts.form.amount'), theirs: formatChf(current.amountCentimes), mine: formatChf(mine.amountCentimes) },
      { label: t('accounts.form.date'), theirs: formatDisplayDate(current.date), mine: formatDisplayDate(mine.date) },
      { label: t('accounts.form.category'), theirs: t(`accounts.categories.${current.category}`), mine: t(`accounts.categories.${mine.category}`) },
      { label: t('accounts.form.description'), theirs: current.description, mine: mine.description },
      { label: t('accounts.form.paidBy'), theirs: current.paidByName ?? payer(current.paidById), mine: payer(mine.paidById) },
    ];
    return (
      <Dialog open onOpenChange={(open) => !open && onClose()} title={t('accounts.form.editTitle')}>
        <StaleEdit
          changedByName={stale.changedByName}
          changedAt={stale.changedAt}
          rows={rows}
          applying={save.isPending}
          onKeepTheirs={onClose}
          onApplyMine={() => {
            setBaseVersion(current.version);
            setStale(null);
            void submit(values, current.version);
          }}
        />
      </Dialog>
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={expense ? t('accounts.form.editTitle') : t('accounts.form.addTitle')}
      actions={
        <DialogActions>
          <Button type="submit" form={formId} loading={save.isPending || upload.isPending}>
            {t('accounts.form.save')}
          </Button>
        </DialogActions>
      }
    >
      <form id={formId} className={styles.form} onSubmit={(event) => void handleSubmit((values) => submit(values))(event)} noValidate>
        {formAlert ? <Alert>{formAlert}</Alert> : null}
        <TextField
          {...register('amount')}
          label={t('accounts.form.amount')}
          inputMode="decimal"
          autoComplete="off"
          required
          error={fieldErrorText(errors.amount)}
          onClearError={() => clearErrors('amount')}
        />
        <TextField
          {...register('description')}
          label={t('accounts.form.description')}
          autoComplete="off"
          required
          error={fieldErrorText(errors.description)}
          onClearError={() => clearErrors('description')}
        />
        <TextField
          {...register('date')}
          type="date"
          label={t('accounts.form.date')}
          required
          error={fieldErrorText(errors.date)}
          onClearError={() => clearErrors('date')}
        />
        <Controller
          control={control}
          name="category"
          render={({ field }) => (
            <Select
              label={t('accounts.form.category')}
              options={expenseCategories.map((c) => ({ value: c, label: t(`accounts.categories.${c}`) }))}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              error={fieldErrorText(errors.category)}
            />
          )}
        />
        <Controller
          control={control}
          name="paidBy"
          render={({ field }) => (
            <Select
              label={t('accounts.form.paidBy')}
              options={payers}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              disabled={!admin}
              error={fieldErrorText(errors.paidBy)}
            />
          )}
        />
        <Controller
          control={control}
          name="recurring"
          render={({ field }) => (
            <Switch label={t('accounts.form.recurring')} description={t('accounts.form.recurringHint')} checked={field.value} onCheckedChange={field.onChange} />
          )}
        />
        <div className={styles.fileField}>
          <label htmlFor={fileId} className={styles.fileLabel}>
            <Paperclip size={18} aria-hidden="true" />
            {t('accounts.form.receipt')}
          </label>
          <input
            id={fileId}
            type="file"
            accept="image/*,application/pdf"
            className={styles.fileInput}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
          {expense?.receipt && !file ? <p className={styles.muted}>{t('accounts.form.receiptKeep')}</p> : null}
        </div>
      </form>
    </Dialog>
  );
}
