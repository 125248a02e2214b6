import { lazy, Suspense, useEffect, useId, useState, type KeyboardEvent } from 'react';
import { ChevronDown } from 'lucide-react';
import { cx } from './cx.ts';
import fieldStyles from './text-field.module.css';
import styles from './select.module.css';
import { loadWhenIdle } from '../lib/load-when-idle.ts';
import type { SelectOption } from './select-option.ts';

const loadSelectMenu = () => import('./select-menu.tsx');
// Radix Select and floating-ui (15 KB) load once a Select is on screen, not with every screen that has one.
const SelectMenu = lazy(() => loadSelectMenu().then((module) => ({ default: module.SelectMenu })));

/** Keys with which a closed combobox opens (WAI-ARIA select-only combobox). */
const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);


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
  // Radix mounts at the first opening: mounted with the screen, it drew every Select a second and
  // a third time in synchronous renders just after the first paint (on Gestione, the slowest task
  // of the load). Until then the same trigger stands in, and the menu's code loads when idle.
  const [menuMounted, setMenuMounted] = useState(false);
  useEffect(() => loadWhenIdle(loadSelectMenu), []);
  const current = value ?? innerValue;
  const invalid = Boolean(error);
  const message = error ?? supportingText;
  const floating = open || current !== '';

  const clear = () => {
    if (invalid) onClearError?.();
  };
  const openMenu = () => {
    setMenuMounted(true);
    setOpen(true);
    clear();
  };
  const trigger = (
    <button
      type="button"
      id={triggerId}
      className={styles.trigger}
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="none"
      aria-labelledby={labelId}
      aria-describedby={message ? supportId : undefined}
      aria-invalid={invalid || undefined}
      aria-required={required || undefined}
      disabled={disabled}
      onFocus={clear}
      onClick={openMenu}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        openMenu();
      }}
    >
      <span className={styles.value}>{options.find((option) => option.value === current)?.label}</span>
      <span className={styles.icon}>
        <ChevronDown size={20} aria-hidden="true" />
      </span>
    </button>
  );

  return (
    <div
      className={cx(fieldStyles.field, className)}
      data-invalid={invalid ? '' : undefined}
      data-disabled={disabled ? '' : undefined}
    >
      <div className={fieldStyles.control}>
        {menuMounted ? (
          <Suspense fallback={trigger}>
            <SelectMenu
              triggerId={triggerId}
              labelId={labelId}
              describedBy={message ? supportId : undefined}
              options={options}
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
              onFocus={clear}
              invalid={invalid}
              name={name}
              required={required}
              disabled={disabled}
            />
          </Suspense>
        ) : (
          trigger
        )}
        <label id={labelId} htmlFor={triggerId} className={cx(fieldStyles.label, floating && styles.floating)}>
          {label}
          {required && requiredMark ? <span aria-hidden="true"> *</span> : null}
        </label>
      </div>
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
