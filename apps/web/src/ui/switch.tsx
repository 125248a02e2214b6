import { useId } from 'react';
import styles from './switch.module.css';

export interface SwitchProps {
  label: string;
  description?: string | undefined;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  id?: string;
}

/**
 * On/off switch with a visible label and optional description: a button with the switch role,
 * as the WAI-ARIA switch pattern has it (Space and Enter toggle, as any button). Radix's Switch
 * kept its button in state to look for an enclosing form, a second synchronous render of every
 * switch as a screen appeared; every switch here is controlled, none submits a form.
 */
export function Switch({ label, description, id, checked, onCheckedChange, disabled }: SwitchProps) {
  const autoId = useId();
  const switchId = id ?? autoId;
  const descriptionId = `${switchId}-description`;
  const state = checked ? 'checked' : 'unchecked';
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
      <button
        type="button"
        role="switch"
        id={switchId}
        aria-checked={checked}
        data-state={state}
        disabled={disabled}
        className={styles.root}
        aria-describedby={description ? descriptionId : undefined}
        onClick={() => onCheckedChange(!checked)}
      >
        <span className={styles.thumb} data-state={state} />
      </button>
    </div>
  );
}
