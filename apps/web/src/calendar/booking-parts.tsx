import { formatChf, nightsBetween, stayFee, type HouseRules, type Purpose, type Stay, type StayProblem } from '@rustico/core';
import { errorCodeText } from '../lib/error-text.ts';
import { t } from '../lib/i18n.ts';
import { Select } from '../ui/select.tsx';
import styles from './calendar.module.css';

const PURPOSES: readonly Purpose[] = ['personal', 'maintenance'];

function isPurpose(value: string): value is Purpose {
  return (PURPOSES as readonly string[]).includes(value);
}

export function PurposeSelect({ value, onChange }: { value: Purpose; onChange: (purpose: Purpose) => void }) {
  return (
    <Select
      label={t('calendar.purpose')}
      options={PURPOSES.map((purpose) => ({ value: purpose, label: t(`calendar.purposes.${purpose}`) }))}
      value={value}
      onValueChange={(next) => {
        if (isPurpose(next)) onChange(next);
      }}
    />
  );
}

export function nightsText(stay: Stay): string {
  const nights = nightsBetween(stay.start, stay.end);
  return nights === 0 ? t('calendar.dayVisit') : String(nights);
}

/** The cost before check-out; a maintenance stay says it costs nothing. */
/** What the calendar finds wrong with picked dates, with the house's figure where the text has one. */
export function stayProblemText(code: StayProblem, rules: HouseRules): string {
  return errorCodeText(code, code === 'STAY_TOO_LONG' ? { maxStayNights: rules.maxStayNights } : undefined);
}

export function costText(stay: Stay, purpose: Purpose, rules: HouseRules | undefined): string {
  if (purpose === 'maintenance') return t('calendar.free');
  return rules ? formatChf(stayFee(stay, purpose, rules)) : '…';
}

export function OwnerName({ name, colour }: { name: string; colour: string }) {
  return (
    <span className={styles.owner}>
      <span className={styles.dot} style={{ background: colour }} aria-hidden="true" />
      {name}
    </span>
  );
}
