import { useId, useState } from 'react';
import * as RadixSelect from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import { cx } from './cx.ts';
import fieldStyles from './text-field.module.css';
import styles from './select.module.css';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps {
  label: string;
  options: readonly SelectOption[];
  value?: string | undefined;
  defaultValue?: string | undefined;
  onValueChange?: (value: string) => void;
  name?: string;
  id?: string;
  required?: boolean;
  /** Shows ' *' after the label when required. */
  requiredMark?: boolean;
  disabled?: boolean;
  supportingText?: string | undefined;
  error?: string | undefined;
  /** Called when the field is focused or opened while in error. */
  onClearError?: () => void;
  onBlur?: () => void;
  className?: string;
}

/** Drop-down field (Radix Select) with the same floating label and error text as TextField. */
export function Select({
  label,
  options,
  value,
  defaultValue,
  onValueChange,
  name,
  id,
  required,
  requiredMark = false,
  disabled,
  supportingText,
  error,
  onClearError,
  onBlur,
  className,
}: SelectProps) {
  const autoId = useId();
  const triggerId = id ?? autoId;
  const labelId = `${triggerId}-label`;
  const supportId = `${triggerId}-support`;
  const [innerValue, setInnerValue] = useState(defaultValue ?? '');
  const [open, setOpen] = useState(false);
  const current = value ?? innerValue;
  const invalid = Boolean(error);
  const message = error ?? supportingText;
  const floating = open || current !== '';

  const clear = () => {
    if (invalid) onClearError?.();
  };

  return (
    <div
      className={cx(fieldStyles.field, className)}
      data-invalid={invalid ? '' : undefined}
      data-disabled={disabled ? '' : undefined}
    >
      <RadixSelect.Root
        value={current}
        onValueChange={(next) => {
          setInnerValue(next);
          onValueChange?.(next);
        }}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (next) clear();
          else onBlur?.();
        }}
        name={name}
        required={required}
        disabled={disabled}
      >
        <div className={fieldStyles.control}>
          <RadixSelect.Trigger
            id={triggerId}
            className={styles.trigger}
            aria-labelledby={labelId}
            aria-describedby={message ? supportId : undefined}
            aria-invalid={invalid || undefined}
            aria-required={required || undefined}
            onFocus={clear}
          >
            <span className={styles.value}>
              <RadixSelect.Value />
            </span>
            <RadixSelect.Icon className={styles.icon}>
              <ChevronDown size={20} aria-hidden="true" />
            </RadixSelect.Icon>
          </RadixSelect.Trigger>
          <label id={labelId} htmlFor={triggerId} className={cx(fieldStyles.label, floating && styles.floating)}>
            {label}
            {required && requiredMark ? <span aria-hidden="true"> *</span> : null}
          </label>
        </div>
        <RadixSelect.Portal>
          <RadixSelect.Content className={styles.content} position="popper" sideOffset={4}>
            <RadixSelect.Viewport>
              {options.map((option) => (
                <RadixSelect.Item
                  key={option.value}
                  value={option.value}
                  disabled={option.disabled}
                  className={styles.item}
                >
                  <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                  <RadixSelect.ItemIndicator className={styles.indicator}>
                    <Check size={16} aria-hidden="true" />
                  </RadixSelect.ItemIndicator>
                </RadixSelect.Item>
              ))}
            </RadixSelect.Viewport>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
      {error ? (
        <p id={supportId} className={fieldStyles.error} role="alert">
          {error}
        </p>
      ) : supportingText ? (
        <p id={supportId} className={fieldStyles.support}>
          {supportingText}
        </p>
      ) : null}
    </div>
  );
}
