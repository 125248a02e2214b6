import { useId, type ComponentProps, type FocusEvent, type ReactNode } from 'react';
import { cx } from './cx.ts';
import styles from './text-field.module.css';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'size' | 'children'> {
  label: string;
  /** Help text below the field; replaced by `error` while in error. */
  supportingText?: string | undefined;
  error?: string | undefined;
  /** Fixed text shown after the value, e.g. '@famiglia.ch'. */
  suffix?: string | undefined;
  /** Extra control inside the field at the end, e.g. a visibility toggle. */
  endAdornment?: ReactNode;
  /** Called when the field gains focus while in error, so the owner can clear it. */
  onClearError?: () => void;
  /** Shows ' *' after the label of a required field (hidden from screen readers, which get aria-required). */
  requiredMark?: boolean;
}

/**
 * Outlined text field with a floating label (floats when focused or filled;
 * date fields and fields with a placeholder always float), supporting text and
 * error text. Pass `ref` straight through (React 19) for react-hook-form.
 */
export function TextField({
  label,
  supportingText,
  error,
  suffix,
  endAdornment,
  onClearError,
  requiredMark = false,
  id,
  type = 'text',
  placeholder,
  required,
  disabled,
  className,
  onFocus,
  ref,
  'aria-describedby': extraDescribedBy,
  ...inputProps
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const supportId = `${inputId}-support`;
  const suffixId = `${inputId}-suffix`;
  const invalid = Boolean(error);
  const message = error ?? supportingText;
  const describedBy =
    [suffix ? suffixId : null, message ? supportId : null, extraDescribedBy].filter(Boolean).join(' ') ||
    undefined;
  const alwaysFloat = type === 'date' || type === 'time' || type === 'month' || Boolean(placeholder);

  const handleFocus = (event: FocusEvent<HTMLInputElement>) => {
    if (invalid) onClearError?.();
    onFocus?.(event);
  };

  return (
    <div
      className={cx(styles.field, className)}
      data-invalid={invalid ? '' : undefined}
      data-disabled={disabled ? '' : undefined}
      data-float={alwaysFloat ? '' : undefined}
    >
      <div className={styles.control}>
        <input
          {...inputProps}
          ref={ref}
          id={inputId}
          type={type}
          className={styles.input}
          placeholder={placeholder ?? ' '}
          required={required}
          aria-required={required || undefined}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onFocus={handleFocus}
        />
        <label htmlFor={inputId} className={styles.label}>
          {label}
          {required && requiredMark ? <span aria-hidden="true"> *</span> : null}
        </label>
        {suffix ? (
          <span id={suffixId} className={styles.suffix}>
            {suffix}
          </span>
        ) : null}
        {endAdornment ? <div className={styles.adornment}>{endAdornment}</div> : null}
      </div>
      {error ? (
        <p id={supportId} className={styles.error} role="alert">
          {error}
        </p>
      ) : supportingText ? (
        <p id={supportId} className={styles.support}>
          {supportingText}
        </p>
      ) : null}
    </div>
  );
}

export { styles as textFieldStyles };
