import { useId } from 'react';
import styles from './radio-group.module.css';

export interface RadioOption<T extends string> {
  value: T;
  label: string;
  /** Language of the label when it differs from the page's (e.g. 'Deutsch'). */
  lang?: string | undefined;
}

export interface RadioGroupProps<T extends string> {
  /** Accessible name of the group (shown as its legend unless `hideLegend`). */
  legend: string;
  hideLegend?: boolean;
  options: readonly RadioOption<T>[];
  value: T;
  onValueChange: (value: T) => void;
  name?: string;
}

/** A list of native radio buttons in a fieldset; each option is a 48 px tap target. */
export function RadioGroup<T extends string>({
  legend,
  hideLegend = false,
  options,
  value,
  onValueChange,
  name,
}: RadioGroupProps<T>) {
  const autoName = useId();
  const groupName = name ?? autoName;
  return (
    <fieldset className={styles.group}>
      <legend className={hideLegend ? 'visually-hidden' : styles.legend}>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className={styles.option} lang={option.lang}>
          <input
            type="radio"
            className={styles.input}
            name={groupName}
            value={option.value}
            checked={option.value === value}
            onChange={() => onValueChange(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
