import * as RadixSelect from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import type { SelectOption } from './select-option.ts';
import styles from './select.module.css';

export interface SelectMenuProps {
  triggerId: string;
  labelId: string;
  describedBy: string | undefined;
  options: readonly SelectOption[];
  value: string;
  onValueChange: (value: string) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onFocus: () => void;
  invalid: boolean;
  name?: string | undefined;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
}

/** The trigger and the list of a Select (Radix Select with floating-ui), loaded once a Select is on screen. */
export function SelectMenu({ triggerId, labelId, describedBy, options, value, onValueChange, open, onOpenChange, onFocus, invalid, name, required, disabled }: SelectMenuProps) {
  return (
    <RadixSelect.Root value={value} onValueChange={onValueChange} open={open} onOpenChange={onOpenChange} name={name} required={required} disabled={disabled}>
      <RadixSelect.Trigger
        id={triggerId}
        className={styles.trigger}
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        aria-required={required || undefined}
        onFocus={onFocus}
      >
        <span className={styles.value}>
          <RadixSelect.Value />
        </span>
        <RadixSelect.Icon className={styles.icon}>
          <ChevronDown size={20} aria-hidden="true" />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content className={styles.content} position="popper" sideOffset={4}>
          <RadixSelect.Viewport>
            {options.map((option) => (
              <RadixSelect.Item key={option.value} value={option.value} disabled={option.disabled} className={styles.item}>
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
  );
}
