import type { Booking } from '@rustico/core';
import { t } from '../lib/i18n.ts';
import { formatMomentDay } from '../lib/moment.ts';
import styles from './booking-status.module.css';

/** Richiesta / Confermata / Rifiutata as a pill; a request is hatched like its bar. */
export function StatusPill({ status }: { status: Booking['status'] }) {
  return (
    <span className={styles.status} data-status={status}>
      {t(`fairness.status.${status}`)}
    </span>
  );
}

/** Why a booking is what it is: the decision on a request with its reason, an admin's override with theirs. */
export function decisionLines(booking: Pick<Booking, 'status' | 'decision' | 'override'>): string[] {
  const lines: string[] = [];
  const { decision, override } = booking;
  if (booking.status === 'requested') lines.push(t('fairness.booking.requestNote'));
  if (decision) {
    const date = formatMomentDay(decision.at);
    if (decision.decision === 'approved') lines.push(t('fairness.booking.approvedBy', { name: decision.byName ?? '', date }));
    else if (decision.inFavourOf) lines.push(t('fairness.booking.declinedFor', { name: decision.inFavourOf.ownerName, date }));
    else lines.push(t('fairness.booking.declinedBy', { name: decision.byName ?? '', date }));
    if (decision.reason) lines.push(t('fairness.booking.reason', { reason: decision.reason }));
  }
  if (override) {
    lines.push(
      override.rules.length > 0
        ? t('fairness.booking.override', { name: override.byName, rules: override.rules.map((rule) => t(`fairness.overridden.${rule}`)).join(', '), reason: override.reason })
        : t('fairness.booking.overrideNoRules', { name: override.byName, reason: override.reason }),
    );
  }
  return lines;
}

/** The decision and override lines in a box, for the booking detail and the history; nothing for a plain booking. */
export function DecisionExplain({ booking }: { booking: Pick<Booking, 'status' | 'decision' | 'override'> }) {
  const lines = decisionLines(booking);
  if (lines.length === 0) return null;
  return (
    <div className={styles.explain} data-tone={booking.status === 'declined' ? 'declined' : undefined}>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}
