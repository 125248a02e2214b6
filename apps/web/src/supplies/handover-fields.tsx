import type { HandoverInput, Supply } from '@rustico/core';
import { t } from '../lib/i18n.ts';
import { FileButton } from '../ui/file-button.tsx';
import { TextField } from '../ui/text-field.tsx';
import { useSupplies } from './queries.ts';
import styles from './supplies.module.css';

/** What the check-out's «Per chi arriva» holds while it is filled in. */
export interface HandoverDraft {
  low: Record<string, 'low' | 'out'>;
  problem: string;
  /** The problem's id, chosen here so that its photo can follow the check-out. */
  problemId: string;
  photo: File | null;
  note: string;
}

export const emptyHandover = (): HandoverDraft => ({ low: {}, problem: '', problemId: crypto.randomUUID(), photo: null, note: '' });

/** The handover the check-out sends, or nothing when nothing was said. */
export function handoverOf(draft: HandoverDraft): HandoverInput | undefined {
  const low = Object.entries(draft.low).map(([id, state]) => ({ id, state }));
  const problem = draft.problem.trim();
  const note = draft.note.trim();
  if (low.length === 0 && !problem && !note) return undefined;
  return { low, ...(problem ? { problem: { id: draft.problemId, title: problem } } : {}), ...(note ? { note } : {}) };
}

/**
 * «Per chi arriva» at check-out: supplies that ran low or out (tap again to take it back), a
 * problem with an optional photo (it becomes a task), a note for whoever comes next.
 */
export function HandoverFields({ draft, onChange }: { draft: HandoverDraft; onChange: (draft: HandoverDraft) => void }) {
  const supplies = useSupplies();
  const mark = (supply: Supply, state: 'low' | 'out') => {
    const low = { ...draft.low };
    if (low[supply.id] === state) delete low[supply.id];
    else low[supply.id] = state;
    onChange({ ...draft, low });
  };
  return (
    <fieldset className={styles.handover}>
      <legend className={styles.legend}>{t('upkeep.handover.title')}</legend>
      <p className={styles.muted}>{t('upkeep.handover.lead')}</p>
      {supplies.data && supplies.data.length > 0 ? (
        <div role="group" aria-label={t('upkeep.handover.low')}>
          <p className={styles.label}>{t('upkeep.handover.low')}</p>
          <ul className={styles.list}>
            {supplies.data.map((supply) => (
              <li key={supply.id} className={styles.item}>
                <span className={styles.name}>
                  {supply.name}
                  {supply.state !== 'ok' ? <span className={styles.now}> · {t(`upkeep.supplies.states.${supply.state}`)}</span> : null}
                </span>
                <div className={styles.states} role="group" aria-label={t('upkeep.supplies.stateOf', { name: supply.name })}>
                  {(['low', 'out'] as const).map((state) => (
                    <button key={state} type="button" className={styles.state} data-state={state} aria-pressed={(draft.low[supply.id] ?? null) === state} onClick={() => mark(supply, state)}>
                      {t(`upkeep.supplies.states.${state}`)}
                    </button>
                  ))}
                </div>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <TextField
        label={t('upkeep.handover.problem')}
        value={draft.problem}
        maxLength={120}
        autoComplete="off"
        supportingText={t('upkeep.handover.problemHint')}
        onChange={(event) => onChange({ ...draft, problem: event.target.value })}
      />
      {draft.problem.trim() ? (
        <FileButton label={t('upkeep.handover.photo')} accept="image/*" file={draft.photo} onChange={(photo) => onChange({ ...draft, photo })} />
      ) : null}
      <TextField
        label={t('upkeep.handover.note')}
        value={draft.note}
        maxLength={2000}
        autoComplete="off"
        supportingText={t('upkeep.handover.noteHint')}
        onChange={(event) => onChange({ ...draft, note: event.target.value })}
      />
    </fieldset>
  );
}
