import { peakPeriodsOf, stayInRange, type Stay } from '@rustico/core';
import { t } from '../lib/i18n.ts';
import { formatMoment } from '../lib/moment.ts';
import { Switch } from '../ui/switch.tsx';
import { TextField } from '../ui/text-field.tsx';
import styles from './fairness.module.css';
import { usePeakPeriods, useQuota, useTurnRounds } from './queries.ts';

/** 'Notti usate / rimaste nel 2027: 12 / 18', for the owner of the stay in the year it begins. */
export function QuotaLine({ memberId, year, adding, onlyWithQuota = false }: { memberId: string; year: number; adding: number; onlyWithQuota?: boolean }) {
  const quota = useQuota(memberId, year).data;
  if (!quota || (onlyWithQuota && quota.quotaNights === null)) return null;
  const total = quota.quotaNights;
  return (
    <div className={styles.quota} data-testid="quota">
      <div className={styles.quotaLine}>
        <span>{t('fairness.form.quota', { year })}</span>
        <strong>{total === null ? t('fairness.form.noQuota') : t('fairness.form.quotaValue', { used: quota.usedNights, remaining: quota.remainingNights ?? 0 })}</strong>
      </div>
      {total !== null && total > 0 ? (
        <meter
          className={styles.meter}
          min={0}
          max={total}
          low={Math.floor(total * 0.8)}
          high={total}
          value={Math.min(total, quota.usedNights + adding)}
          aria-label={t('fairness.form.quotaAfter', { after: quota.usedNights + adding, quota: total })}
        />
      ) : null}
    </div>
  );
}

/** Before saving: a stay in a peak period will be a request; in a round of turns, whose turn it is. */
export function BookingHints({ stay, ownerId }: { stay: Stay; ownerId: string }) {
  const peaks = peakPeriodsOf(stay, usePeakPeriods().data ?? []);
  const round = (useTurnRounds().data ?? []).find((r) => r.status === 'running' && stayInRange(stay, r));
  const current = round?.turns.find((turn) => turn.status === 'current');
  const lines: string[] = [];
  if (round && current) {
    lines.push(
      current.memberId === ownerId
        ? t('fairness.form.turnMine', { nights: round.nightsPerTurn })
        : t('fairness.form.turnOther', { name: current.memberName, until: formatMoment(current.endsAt) }),
    );
  } else if (peaks.length > 0) {
    // On one's turn a peak stay is confirmed at once: the turn is the fairness tool there.
    lines.push(t('fairness.form.peakRequest', { names: peaks.map((p) => p.name).join(', ') }));
  }
  if (lines.length === 0) return null;
  return (
    <div className={styles.explain} role="status">
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

export interface OverrideState {
  on: boolean;
  reason: string;
  error: string | null;
}

export const NO_OVERRIDE: OverrideState = { on: false, reason: '', error: null };

/** An admin's "Ignora le regole", with the reason everyone will see. */
export function OverrideFields({ value, onChange }: { value: OverrideState; onChange: (value: OverrideState) => void }) {
  return (
    <div className={styles.form}>
      <Switch label={t('fairness.form.override')} description={value.on ? t('fairness.form.overrideHint') : undefined} checked={value.on} onCheckedChange={(on) => onChange({ ...value, on, error: null })} />
      {value.on ? (
        <TextField
          label={t('fairness.form.overrideReason')}
          value={value.reason}
          maxLength={500}
          required
          onChange={(event) => onChange({ ...value, reason: event.target.value })}
          error={value.error ?? undefined}
          onClearError={() => onChange({ ...value, error: null })}
        />
      ) : null}
    </div>
  );
}

/** The override to send, or an error to show; undefined when none is asked for. */
export function overrideInput(value: OverrideState): { override?: { reason: string }; error?: string } {
  if (!value.on) return {};
  const reason = value.reason.trim();
  return reason ? { override: { reason } } : { error: t('errors.REASON_REQUIRED') };
}
