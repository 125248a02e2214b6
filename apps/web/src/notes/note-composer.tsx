import { useId, type KeyboardEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { NOTE_MAX_LENGTH, type NoteInput } from '@rustico/core';
import type { z } from 'zod';
import { isApiError } from '../lib/api.ts';
import { errorCodeText, errorText } from '../lib/error-text.ts';
import { fieldErrorText } from '../lib/form-errors.ts';
import { t } from '../lib/i18n.ts';
import { Button } from '../ui/button.tsx';
import { lazyZodResolver } from '../ui/lazy-resolver.ts';
import { useToast } from '../ui/toast-context.ts';
import type { noteInputSchema } from './form-schemas.ts';
import { useCreateNote } from './queries.ts';
import styles from './notes.module.css';

type FormInput = z.input<typeof noteInputSchema>;
const resolver = lazyZodResolver(() => import('./form-schemas.ts').then((schemas) => schemas.noteInputSchema));

/** The text entry at the top of the board: a textarea, a live counter and 'Pubblica'. */
export function NoteComposer() {
  const id = useId();
  const errorId = `${id}-error`;
  const counterId = `${id}-counter`;
  const { toast } = useToast();
  const create = useCreateNote();
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    formState: { errors },
  } = useForm<FormInput, unknown, NoteInput>({
    resolver,
    defaultValues: { text: '' },
    // The error stays until the field is focused again (spec: the error clears on focus), so do not move focus there.
    shouldFocusError: false,
  });

  const length = useWatch({ control, name: 'text' }).length;
  const error = fieldErrorText(errors.text);

  const submit = handleSubmit((input) =>
    create.mutateAsync(input).then(
      (note) => {
        reset({ text: '' });
        if (!note) toast({ title: t('offline.queued') });
      },
      (failure: unknown) => {
        if (isApiError(failure) && (failure.field === 'text' || failure.code === 'NOTE_EMPTY' || failure.code === 'NOTE_TOO_LONG')) {
          setError('text', { type: 'server', message: errorCodeText(failure.code) });
        } else {
          toast({ title: errorText(failure), error: true });
        }
      },
    ),
  );

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form className={styles.composer} onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={id} className={styles.composerLabel}>
        {t('notes.compose')}
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${counterId}` : counterId}
        onFocus={() => {
          if (errors.text) clearErrors('text');
        }}
        onKeyDown={onKeyDown}
        {...register('text')}
      />
      <div className={styles.composerRow}>
        {error ? (
          <p id={errorId} className={styles.error} role="alert">
            {error}
          </p>
        ) : (
          <p className={styles.hint}>{t('notes.composeHint')}</p>
        )}
        <span
          id={counterId}
          className={styles.counter}
          data-over={length > NOTE_MAX_LENGTH ? '' : undefined}
          aria-label={t('notes.counterLabel', { count: length, max: NOTE_MAX_LENGTH })}
        >
          {t('notes.counter', { count: length, max: NOTE_MAX_LENGTH })}
        </span>
      </div>
      <Button type="submit" className={styles.publish} loading={create.isPending}>
        {t('notes.publish')}
      </Button>
    </form>
  );
}
