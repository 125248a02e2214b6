import { supplyStates, type SupplyState } from '@rustico/core';
import { t } from '../lib/i18n.ts';
import styles from './supplies.module.css';

/** «C'è», «Poco», «Finito» side by side: the pressed one is the supply's state. */
export function SupplyStateButtons({ name, state, onChange, states = supplyStates }: { name: string; state: SupplyState; onChange: (state: SupplyState) => void; states?: readonly SupplyState[] }) {
  return (
    <div className={styles.states} role="group" aria-label={t('upkeep.supplies.stateOf', { name })}>
      {states.map((value) => (
        <button key={value} type="button" className={styles.state} data-state={value} aria-pressed={state === value} onClick={() => onChange(value)}>
          {t(`upkeep.supplies.states.${value}`)}
        </button>
      ))}
    </div>
  );
}
