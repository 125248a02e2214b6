import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ClipboardCheck, LogOut } from 'lucide-react';
import { noteLabelText, type Booking, type Checklist, type Language, type MeterReading } from '@rustico/core';
import type { z } from 'zod';
import { isApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { fieldErrorText } from '../../lib/form-errors.ts';
import { getLocale, t } from '../../lib/i18n.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { Dialog, DialogClose } from '../../ui/dialog.tsx';
import { Loading } from '../../ui/loading.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { lazyZodResolver } from '../../ui/lazy-resolver.ts';
import { useToast } from '../../ui/toast-context.ts';
import { Checkbox } from './checkbox.tsx';
import { typedValue } from '../../offline/outbox.ts';
import type { OutboxEntry } from '../../offline/outbox-store.ts';
import { useCheckOut, useChecklist } from './queries.ts';
import { emptyHandover, handoverOf, HandoverFields, type HandoverDraft } from '../../supplies/handover-fields.tsx';
import { uploadTaskPhoto } from '../../tasks/queries.ts';
import type { checkoutFormSchema } from './form-schemas.ts';
import { ReadingFields, useReadingErrors } from './reading-fields.tsx';
import { Actions } from '../../ui/actions.tsx';
import styles from './register.module.css';

type CheckoutFormInput = z.input<typeof checkoutFormSchema>;
type CheckoutFormOutput = z.output<typeof checkoutFormSchema>;
const resolver = lazyZodResolver(() => import('./form-schemas.ts').then((schemas) => schemas.checkoutFormSchema));

export interface CheckoutStepProps {
  booking: Booking;
  latest: MeterReading | null | undefined;
  /** A check-out saved offline that the server refused: shown with what was typed, to correct. */
  refused?: OutboxEntry | undefined;
}

/** Departure: the meter readings, the cleaning checklist confirmed, an optional note. */
export function CheckoutStep({ booking, latest, refused }: CheckoutStepProps) {
  const { toast } = useToast();
  const [handover, setHandover] = useState<HandoverDraft>(emptyHandover);
  // The problem's photo follows a check-out the server answered (a photo does not wait in the outbox).
  const checkOut = useCheckOut((outcome, photo) => {
    toast({ title: outcome.queued ? t('offline.queued') : t('register.checkedOut') });
    if (photo && !outcome.queued) void uploadTaskPhoto(photo.taskId, photo.file).catch((error: unknown) => toast({ title: errorText(error) }));
  });
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [wholeList, setWholeList] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    formState: { errors },
  } = useForm<CheckoutFormInput, unknown, CheckoutFormOutput>({
    resolver,
    defaultValues: {
      dayKwh: typedValue(refused, 'dayKwh'),
      nightKwh: typedValue(refused, 'nightKwh'),
      note: typedValue(refused, 'note'),
      checklistDone: refused !== undefined,
    },
    shouldFocusError: false,
    reValidateMode: 'onSubmit',
  });

  const readings = useReadingErrors((field, message) => setError(field, { type: 'manual', message }), refused);

  // Every item ticked is the confirmation; unticking one of a whole list takes it back.
  const onTicked = (next: ReadonlySet<string>, whole: boolean) => {
    setTicked(next);
    if (whole) {
      setValue('checklistDone', true);
      clearErrors('checklistDone');
    } else if (wholeList) {
      setValue('checklistDone', false);
    }
    setWholeList(whole);
  };

  const onSubmit = (values: CheckoutFormOutput) => {
    const reading = { dayKwh: values.dayKwh, nightKwh: values.nightKwh };
    if (!readings.check(reading, latest)) return;
    const given = handoverOf(handover);
    checkOut.mutate(
      {
        id: booking.id,
        photo: given?.problem && handover.photo ? { taskId: given.problem.id, file: handover.photo } : undefined,
        body: { ...reading, checklistDone: true, ...(values.note ? { note: values.note } : {}), ...(given ? { handover: given } : {}) },
        replaces: refused,
      },
      {
        onError: (error) =>
          readings.refused(error, (other) => {
            if (!(isApiError(other) && other.code === 'CHECKLIST_NOT_DONE')) return false;
            setError('checklistDone', { type: 'manual', message: errorText(other) });
            return true;
          }),
      },
    );
  };

  return (
    <Card title={t('register.checkoutTitle')} aria-label={t('register.checkoutTitle')} icon={<LogOut size={20} />}>
      <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate>
        <ReadingFields
          latest={latest}
          day={{ registration: register('dayKwh'), error: fieldErrorText(errors.dayKwh), onClearError: () => clearErrors('dayKwh') }}
          night={{
            registration: register('nightKwh'),
            error: fieldErrorText(errors.nightKwh),
            onClearError: () => clearErrors('nightKwh'),
          }}
        />
        <div className={styles.checklistBlock}>
          <ChecklistDialog ticked={ticked} onTickedChange={onTicked} />
          <Checkbox
            {...register('checklistDone')}
            label={t('register.checklistDone')}
            error={fieldErrorText(errors.checklistDone)}
            onClearError={() => clearErrors('checklistDone')}
            onChangeCapture={() => clearErrors('checklistDone')}
            aria-required="true"
          />
        </div>
        <TextField
          {...register('note')}
          label={t('register.note')}
          autoComplete="off"
          maxLength={2000}
          supportingText={t('register.noteHint', {
            label: noteLabelText({ kind: 'checkout', date: booking.end }),
          })}
          error={fieldErrorText(errors.note)}
          onClearError={() => clearErrors('note')}
        />
        <HandoverFields draft={handover} onChange={setHandover} />
        {readings.formAlert ? <Alert>{readings.formAlert}</Alert> : null}
        <Actions end>
          <Button type="submit" loading={checkOut.isPending}>
            {t('register.save')}
          </Button>
        </Actions>
      </form>
    </Card>
  );
}

interface ChecklistDialogProps {
  ticked: ReadonlySet<string>;
  /** `whole`: every item of the list is ticked. */
  onTickedChange: (ticked: ReadonlySet<string>, whole: boolean) => void;
}

/** The cleaning checklist from the house's content folder; each item ticks by a click. */
function ChecklistDialog({ ticked, onTickedChange }: ChecklistDialogProps) {
  const [open, setOpen] = useState(false);
  const checklist = useChecklist(open);
  const total = checklist.data ? checklist.data.groups.reduce((sum, group) => sum + group.items.length, 0) : 0;
  const toggle = (id: string, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(id);
    else next.delete(id);
    onTickedChange(next, total > 0 && next.size === total);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('register.checklistTitle')}
      description={t('register.checklistDescription')}
      trigger={
        <Button variant="outlined" icon={<ClipboardCheck size={18} aria-hidden="true" />}>
          {t('register.checklistOpen')}
        </Button>
      }
      actions={
        <DialogClose>
          <Button>{t('register.close')}</Button>
        </DialogClose>
      }
    >
      {checklist.isPending ? (
        <Loading />
      ) : checklist.isError ? (
        <Alert>{t('register.checklistLoadFailed')}</Alert>
      ) : (
        <ChecklistGroups checklist={checklist.data} ticked={ticked} total={total} onToggle={toggle} />
      )}
    </Dialog>
  );
}

function ChecklistGroups({
  checklist,
  ticked,
  total,
  onToggle,
}: {
  checklist: Checklist & { language: Language };
  ticked: ReadonlySet<string>;
  total: number;
  onToggle: (id: string, on: boolean) => void;
}) {
  const done = checklist.groups.reduce((sum, group) => sum + group.items.filter((item) => ticked.has(item.id)).length, 0);
  // The house's list, in the house's language when it has none in the page's: said so, and named for screen readers.
  const foreign = checklist.language !== getLocale();
  return (
    <div className={styles.checklist}>
      {foreign ? <p className={styles.houseText}>{t('tutorial.houseText')}</p> : null}
      <p className={styles.progress} aria-live="polite" data-whole={done === total ? '' : undefined}>
        {done === total ? t('stay.checklistWhole', { total }) : t('register.checklistProgress', { done, total })}
      </p>
      {checklist.groups.map((group) => (
        <fieldset key={group.id} className={styles.checklistGroup} data-group={group.id} lang={foreign ? checklist.language : undefined}>
          <legend className={styles.checklistTitle}>{group.title}</legend>
          {group.items.map((item) => (
            <Checkbox
              key={item.id}
              value={item.id}
              data-item={item.id}
              label={item.text}
              checked={ticked.has(item.id)}
              onChange={(event) => onToggle(item.id, event.target.checked)}
            />
          ))}
        </fieldset>
      ))}
    </div>
  );
}
