import { useId, type ComponentProps, type ReactNode } from 'react';
import { Check } from 'lucide-react';
import { cx } from '../../ui/cx.ts';
import styles from './register.module.css';

export interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type' | 'children'> {
  label: ReactNode;
  /** Error text below the box (announced); also marks the box invalid. */
  error?: string | undefined;
  /** Called when the box gains focus while in error, so the owner can clear it. */
  onClearError?: () => void;
}

/** A native checkbox with its label; the whole row toggles it. */
export function Checkbox({ label, error, onClearError, id, className, onFocus, ref, ...props }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div className={cx(styles.checkField, className)} data-invalid={error ? '' : undefined}>
      <label className={styles.checkRow} htmlFor={inputId}>
        <span className={styles.checkBox}>
          <input
            {...props}
            ref={ref}
            id={inputId}
            type="checkbox"
            className={styles.checkInput}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onFocus={(event) => {
              if (error) onClearError?.();
              onFocus?.(event);
            }}
          />
          <Check className={styles.checkMark} size={16} strokeWidth={3} aria-hidden="true" />
        </span>
        <span className={styles.checkLabel}>{label}</span>
      </label>
      {error ? (
        <p id={errorId} className={styles.checkError} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
