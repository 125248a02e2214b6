import { useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';

import { t } from '../lib/i18n.ts';
import { Button } from './button.tsx';
import styles from './year-picker.module.css';
import { houseToday } from '../lib/house-today.ts';

const FIRST_YEAR = 2000;
const YEAR_PARAM = 'anno';

/** The year in the address (?anno=2025), or the current one at the house. */
export function useYearParam(): [number, (year: number) => void, { min: number; max: number }] {
  const [params, setParams] = useSearchParams();
  const current = Number(houseToday().slice(0, 4));
  const bounds = { min: FIRST_YEAR, max: current + 1 };
  const asked = Number(params.get(YEAR_PARAM));
  const year = Number.isInteger(asked) && asked >= bounds.min && asked <= bounds.max ? asked : current;
  const setYear = (next: number) =>
    setParams(next === current ? {} : { [YEAR_PARAM]: String(next) }, { replace: true, preventScrollReset: true });
  return [year, setYear, bounds];
}

/** ‹ 2026 › with the year announced when it changes. */
export function YearPicker({ year, onChange, min, max }: { year: number; onChange: (year: number) => void; min: number; max: number }) {
  return (
    <div className={styles.yearPicker} role="group" aria-label={t('admin.statistics.year')}>
      <Button
        variant="outlined"
        className={styles.yearButton}
        aria-label={t('admin.statistics.previousYear')}
        title={t('admin.statistics.previousYear')}
        disabled={year <= min}
        onClick={() => onChange(year - 1)}
        icon={<ChevronLeft size={20} aria-hidden="true" />}
      />
      <output className={styles.year} aria-live="polite">
        {year}
      </output>
      <Button
        variant="outlined"
        className={styles.yearButton}
        aria-label={t('admin.statistics.nextYear')}
        title={t('admin.statistics.nextYear')}
        disabled={year >= max}
        onClick={() => onChange(year + 1)}
        icon={<ChevronRight size={20} aria-hidden="true" />}
      />
    </div>
  );
}
