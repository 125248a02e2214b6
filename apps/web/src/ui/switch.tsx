import { useId } from 'react';
import * as RadixSwitch from '@radix-ui/react-switch';
import styles from './switch.module.css';

export interface SwitchProps {
  label: string;
  description?: string | undefined;
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  disabled?: boolean;
  name?: string;
  id?: string;
}

/** On/off switch (Radix) with a visible label and optional description. */
export function Switch({ label, description, id, ...props }: SwitchProps) {
  const autoId = useId();
  const switchId = id ?? autoId;
  const descriptionId = `${switchId}-description`;
  return (
    <div className={styles.row}>
      <div className={styles.text}>
        <label htmlFor={switchId} className={styles.label}>
          {label}
        </label>
        {description ? (
          <span id={descriptionId} className={styles.description}>
            {description}
          </span>
        ) : null}
      </div>
      <RadixSwitch.Root
        {...props}
        id={switchId}
        className={styles.root}
        aria-describedby={description ? descriptionId : undefined}
      >
        <RadixSwitch.Thumb className={styles.thumb} />
      </RadixSwitch.Root>
    </div>
  );
}
