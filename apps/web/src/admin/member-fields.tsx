import { useId, type ComponentProps, type ReactNode } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { roles, textColourOn, type Role } from '@rustico/core';
import { fieldErrorText } from '../lib/form-errors.ts';
import { t } from '../lib/i18n.ts';
import { Select } from '../ui/select.tsx';
import { TextField } from '../ui/text-field.tsx';
import styles from './users.module.css';

/** Built when a dialog renders: the catalog may register after this module loads, and the language can change. */
export const roleOptions = () => roles.map((role) => ({ value: role, label: t(`settings.roles.${role}`) }));

/** Colours offered to a new member, in turn. */
const PALETTE = ['#b5542d', '#3d6b4f', '#2f5d8a', '#8a5a9e', '#c08a1e', '#4a7885', '#a33b5c', '#5d6b2f'] as const;

export function defaultColour(taken: number): string {
  return PALETTE[taken % PALETTE.length]!;
}

export interface ColourFieldProps extends Omit<ComponentProps<'input'>, 'type' | 'value'> {
  id: string;
  /** The colour chosen now (watched), for the code and the sample beside the picker. */
  value: string;
  /** Why the colour is refused (COLOUR_UNREADABLE), from the form's check or the server. */
  error?: string | undefined;
  /** Shown on the sample as the calendar's bar shows it. */
  sampleName: string;
}

/**
 * The member's calendar colour: the picker, its code, and a sample of their name as the
 * calendar's booking bar draws it, so a shade nobody could read is seen before it is refused.
 */
export function ColourField({ id, value, error, sampleName, ...input }: ColourFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={styles.colourBlock}>
      <div className={styles.colourField}>
        <input {...input} id={id} type="color" className={styles.colourInput} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} />
        <label htmlFor={id} className={styles.colourLabel}>
          {t('admin.users.colour')}
          <span className={styles.colourHex}>{value.toLowerCase()}</span>
        </label>
        <span className={styles.colourSample} style={{ background: value, color: textColourOn(value) }} aria-hidden="true">
          {sampleName.trim() || t('admin.users.name')}
        </span>
      </div>
      {error ? (
        <p id={errorId} className={styles.colourError} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What both member forms hold, whatever else each adds. */
interface IdentityValues {
  name: string;
  role?: Role | undefined;
  colour?: string | undefined;
}

/**
 * Name, role and colour, as the add and edit dialogs ask them (inside their form's
 * FormProvider); `afterName` goes between the name and the role (the new member's email).
 */
export function MemberIdentityFields({ afterName }: { afterName?: ReactNode }) {
  const {
    register,
    control,
    clearErrors,
    formState: { errors },
  } = useFormContext<IdentityValues>();
  const colourId = useId();
  const colour = useWatch({ control, name: 'colour' }) ?? '';
  const name = useWatch({ control, name: 'name' }) ?? '';
  return (
    <>
      <TextField {...register('name')} label={t('admin.users.name')} autoComplete="off" required error={fieldErrorText(errors.name)} onClearError={() => clearErrors('name')} />
      {afterName}
      <Controller
        control={control}
        name="role"
        render={({ field }) => (
          <Select label={t('admin.users.role')} options={roleOptions()} value={field.value ?? 'member'} onValueChange={field.onChange} onBlur={field.onBlur} name={field.name} />
        )}
      />
      <ColourField
        {...register('colour', { onChange: () => clearErrors('colour') })}
        id={colourId}
        value={colour}
        sampleName={name}
        error={fieldErrorText(errors.colour)}
      />
    </>
  );
}
