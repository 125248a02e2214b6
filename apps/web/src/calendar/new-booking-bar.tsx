import { useLayoutEffect, useRef, useState } from 'react';
import { X } from 'lucide-react';
import { formatDisplayDate, isAdmin, nightsBetween, type HouseRules, type Purpose, type SessionUser, type Stay } from '@rustico/core';
import { useMembers } from '../members/queries.ts';
import { BookingHints, NO_OVERRIDE, OverrideFields, overrideInput, QuotaLine, type OverrideState } from '../fairness/booking-form-parts.tsx';
import { errorText } from '../lib/error-text.ts';
import { t } from '../lib/i18n.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Select } from '../ui/select.tsx';
import { useToast } from '../ui/toast-context.ts';
import { costText, nightsText, PurposeSelect } from './booking-parts.tsx';
import { useCreateBooking } from '../bookings/queries.ts';
import { useCreateHold } from '../holds/queries.ts';
import styles from './calendar.module.css';

export interface NewBookingBarProps {
  stay: Stay;
  user: SessionUser;
  rules: HouseRules | undefined;
  problem: string | null;
  /** The problem is one an admin's override sets aside (the longest stay). */
  problemOverridable?: boolean;
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * Free days selected: dates, nights, cost and Salva. On a phone it is a bar
 * fixed above the bottom navigation, so the next step is always in view; its
 * height is published as --booking-bar-height for the page and the toasts.
 */
export function NewBookingBar({ stay, user, rules, problem: found, problemOverridable = false, onSaved, onCancel }: NewBookingBarProps) {
  const [purpose, setPurpose] = useState<Purpose>('personal');
  const [ownerId, setOwnerId] = useState(user.id);
  const [override, setOverride] = useState<OverrideState>(NO_OVERRIDE);
  // The server's refusal (quota, window, turn…) with its figures, for the stay it was about.
  const [refusal, setRefusal] = useState<{ about: string; text: string } | null>(null);
  const about = `${stay.start}/${stay.end}/${ownerId}/${purpose}`;
  const problem = override.on && problemOverridable ? null : found;
  const admin = isAdmin(user.role);
  const members = useMembers(admin).data;
  const create = useCreateBooking();
  const hold = useCreateHold();
  const { toast } = useToast();
  const bar = useRef<HTMLElement>(null);

  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty('--booking-bar-height', `${getComputedStyle(element).position === 'fixed' ? element.offsetHeight : 0}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--booking-bar-height');
    };
  }, []);

  const save = () => {
    const overriding = overrideInput(override);
    if (overriding.error) {
      setOverride({ ...override, error: overriding.error });
      return;
    }
    setRefusal(null);
    create.mutate(
      { start: stay.start, end: stay.end, purpose, ...(ownerId === user.id ? {} : { ownerId }), ...(overriding.override ? { override: overriding.override } : {}) },
      {
        onSuccess: (booking) => {
          // Saved either way; a stay in a peak period is a request, and the member is told so.
          toast({ title: t('calendar.saved'), description: booking.status === 'requested' ? t('fairness.form.requestSaved') : undefined });
          onSaved();
        },
        onError: (error) => {
          setRefusal({ about, text: errorText(error, user.id) });
          toast({ title: errorText(error, user.id), error: true });
        },
      },
    );
  };

  // «Tieni in opzione»: the nights kept for the house's days, for oneself only, no rule set aside.
  const holdable = rules?.holdDays != null && ownerId === user.id && !override.on;
  const keep = () => {
    setRefusal(null);
    hold.mutate(
      { start: stay.start, end: stay.end },
      {
        onSuccess: (made) => {
          toast({ title: t('holds.made', { date: formatDisplayDate(made.lastDay) }) });
          onSaved();
        },
        onError: (error) => {
          setRefusal({ about, text: errorText(error, user.id) });
          toast({ title: errorText(error, user.id), error: true });
        },
      },
    );
  };

  const bookable = (members ?? []).filter((member) => !member.disabled && member.id !== user.id);

  return (
    <section ref={bar} className={styles.bookingBar} aria-labelledby="new-booking-title">
      <h2 id="new-booking-title" className={styles.barTitle}>
        {t('calendar.newBooking')}
      </h2>
      <dl className={styles.barFacts}>
        {(
          [
            [t('calendar.arrival'), formatDisplayDate(stay.start)],
            [t('calendar.departure'), formatDisplayDate(stay.end)],
            [t('calendar.nights'), nightsText(stay)],
            [t('calendar.cost'), costText(stay, purpose, rules)],
          ] as const
        ).map(([term, value]) => (
          <div key={term} className={styles.fact}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.barFields}>
        <PurposeSelect value={purpose} onChange={setPurpose} />
        {admin ? (
          <Select
            label={t('calendar.bookFor')}
            value={ownerId}
            onValueChange={setOwnerId}
            options={[{ value: user.id, label: t('calendar.myself', { name: user.name.split(' ')[0] ?? user.name }) }, ...bookable.map((member) => ({ value: member.id, label: member.name }))]}
          />
        ) : null}
      </div>
      {purpose === 'personal' ? <QuotaLine memberId={ownerId} year={Number(stay.start.slice(0, 4))} adding={Math.max(0, nightsBetween(stay.start, stay.end))} /> : null}
      {override.on ? null : <BookingHints stay={stay} ownerId={ownerId} />}
      {admin ? <OverrideFields value={override} onChange={setOverride} /> : null}
      {problem ? <Alert>{problem}</Alert> : refusal?.about === about ? <Alert>{refusal.text}</Alert> : null}
      <div className={styles.barActions}>
        {holdable ? (
          // Three actions keep to one row on a phone, so the bar covers no more of the month.
          <Button variant="outlined" className={styles.barCancel} onClick={onCancel} aria-label={t('calendar.clearSelection')} title={t('calendar.clearSelection')} icon={<X size={18} aria-hidden="true" />} />
        ) : (
          <Button variant="outlined" onClick={onCancel}>
            {t('calendar.clearSelection')}
          </Button>
        )}
        {holdable ? (
          <Button variant="outlined" onClick={keep} loading={hold.isPending} disabled={Boolean(problem) || create.isPending}>
            {t('holds.hold')}
          </Button>
        ) : null}
        <Button onClick={save} loading={create.isPending} disabled={Boolean(problem) || hold.isPending}>
          {t('calendar.save')}
        </Button>
      </div>
    </section>
  );
}
