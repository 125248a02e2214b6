import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { type PeakPeriod } from '@rustico/core';
import { isApiError } from '../lib/api.ts';
import { errorText } from '../lib/error-text.ts';
import { t } from '../lib/i18n.ts';
import { Alert } from '../ui/alert.tsx';
import { FormDialog } from '../ui/form-dialog.tsx';
import { RadioGroup } from '../ui/radio-group.tsx';
import { TextField } from '../ui/text-field.tsx';
import { useToast } from '../ui/toast-context.ts';
import styles from './fairness.module.css';
import { displayMonthDay, parseMonthDay } from './peak-format.ts';
import { useSavePeakPeriod } from './queries.ts';
import { houseToday } from '../lib/house-today.ts';

type Repeat = 'every' | 'once';

interface FormValues {
  name: string;
  from: string;
  to: string;
  year: string;
}

/** Adding or changing a peak period: a name, from and to as dd.mm, every year or one year only. */
export function PeakPeriodDialog({ period, onClose }: { period: PeakPeriod | null; onClose: () => void }) {
  const save = useSavePeakPeriod();
  const { toast } = useToast();
  const thisYear = houseToday().slice(0, 4);
  const [repeat, setRepeat] = useState<Repeat>(period?.year ? 'once' : 'every');
  const [formAlert, setFormAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    control,
    formState: { errors },
  } = useForm<FormValues>({
    defaultValues: {
      name: period?.name ?? '',
      from: period ? displayMonthDay(period.from) : '',
      to: period ? displayMonthDay(period.to) : '',
      year: String(period?.year ?? thisYear),
    },
    reValidateMode: 'onSubmit',
  });
  const [fromText, toText] = useWatch({ control, name: ['from', 'to'] });
  const from = parseMonthDay(fromText);
  const to = parseMonthDay(toText);

  const onSubmit = (values: FormValues) => {
    setFormAlert(null);
    const name = values.name.trim();
    const fromDay = parseMonthDay(values.from);
    const toDay = parseMonthDay(values.to);
    const year = /^\d{4}$/.test(values.year.trim()) ? Number(values.year.trim()) : null;
    let valid = true;
    const fail = (field: keyof FormValues, message: string) => {
      setError(field, { type: 'manual', message }, { shouldFocus: valid });
      valid = false;
    };
    if (!name) fail('name', t('form.required'));
    if (!fromDay) fail('from', t('fairness.peaks.dayMonthInvalid'));
    if (!toDay) fail('to', t('fairness.peaks.dayMonthInvalid'));
    if (repeat === 'once' && (year === null || year < 2000 || year > 2099)) fail('year', t('fairness.peaks.yearInvalid'));
    if (!valid || !fromDay || !toDay) return;
    save.mutate(
      { id: period?.id ?? null, input: { name, from: fromDay, to: toDay, year: repeat === 'once' ? year : null } },
      {
        onSuccess: () => {
          toast({ title: t('fairness.peaks.saved') });
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && (error.code === 'PEAK_NAME_TAKEN' || error.code === 'NAME_REQUIRED')) setError('name', { type: 'server', message: errorText(error) }, { shouldFocus: true });
          else if (isApiError(error) && error.code === 'INVALID_DATE') setError('from', { type: 'server', message: t('fairness.peaks.dayMonthInvalid') }, { shouldFocus: true });
          else setFormAlert(errorText(error));
        },
      },
    );
  };

  return (
    <FormDialog
      title={period ? t('fairness.peaks.editTitle', { name: period.name }) : t('fairness.peaks.addTitle')}
      submitLabel={t('form.save')}
      pending={save.isPending}
      onSubmit={() => void handleSubmit(onSubmit)()}
      onClose={onClose}
    >
      <TextField label={t('fairness.peaks.name')} autoComplete="off" maxLength={80} error={errors.name?.message} onClearError={() => clearErrors('name')} {...register('name')} />
      <div className={styles.fields}>
        <TextField
          label={t('fairness.peaks.from')}
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('fairness.peaks.dayMonthPlaceholder')}
          maxLength={6}
          error={errors.from?.message}
          onClearError={() => clearErrors('from')}
          {...register('from')}
        />
        <TextField
          label={t('fairness.peaks.to')}
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('fairness.peaks.dayMonthPlaceholder')}
          maxLength={6}
          error={errors.to?.message}
          onClearError={() => clearErrors('to')}
          supportingText={from && to && from > to ? t('fairness.peaks.crossesYear') : undefined}
          {...register('to')}
        />
      </div>
      <RadioGroup
        legend={t('fairness.peaks.repeat')}
        value={repeat}
        onValueChange={setRepeat}
        options={[
          { value: 'every', label: t('fairness.peaks.repeatEvery') },
          { value: 'once', label: t('fairness.peaks.repeatOnce') },
        ]}
      />
      {repeat === 'once' ? (
        <TextField
          label={t('fairness.peaks.year')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          error={errors.year?.message}
          onClearError={() => clearErrors('year')}
          {...register('year')}
        />
      ) : null}
      {formAlert ? <Alert>{formAlert}</Alert> : null}
    </FormDialog>
  );
}
