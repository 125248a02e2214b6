import { useState } from 'react';
import { Pencil } from 'lucide-react';
import { formatDisplayDate, isAdmin, nightsBetween, selectionIsFree, stayProblem, type Booking, type HouseRules, type IsoDate, type Purpose, type SessionUser, type Stay } from '@rustico/core';
import { NO_OVERRIDE, OverrideFields, overrideInput, type OverrideState } from '../fairness/booking-form-parts.tsx';
import { errorCodeText, errorText } from '../lib/error-text.ts';
import { t } from '../lib/i18n.ts';
import { staleEditOf } from '../lib/api.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { DateField } from '../ui/date-field.tsx';
import { useToast } from '../ui/toast-context.ts';
import { Facts } from '../ui/facts.tsx';
import { StaleEdit } from '../ui/stale-edit.tsx';
import { costText, nightsText, PurposeSelect, stayProblemText } from './booking-parts.tsx';
import { useUpdateBooking } from '../bookings/queries.ts';
import styles from './calendar.module.css';

export interface EditBookingFormProps {
  booking: Booking;
  user: SessionUser;
  today: IsoDate;
  rules: HouseRules | undefined;
  bookings: readonly Booking[];
  onDone: () => void;
}

/** Edit mode: new dates (dd.MM.yyyy) and purpose, the cost recalculated as they change. */
export function EditBookingForm({ booking, user, today, rules, bookings, onDone }: EditBookingFormProps) {
  const [start, setStart] = useState<IsoDate | null>(booking.start);
  const [end, setEnd] = useState<IsoDate | null>(booking.end);
  const [purpose, setPurpose] = useState<Purpose>(booking.purpose);
  const [override, setOverride] = useState<OverrideState>(NO_OVERRIDE);
  // The version this edit is made on: the one opened, or the newer one the person chose to apply theirs to.
  const [baseVersion, setBaseVersion] = useState(booking.version);
  const [stale, setStale] = useState<{ current: Booking; changedByName: string | null; changedAt: string | null } | null>(null);
  const update = useUpdateBooking();
  const { toast } = useToast();
  const admin = isAdmin(user.role);

  const stay: Stay | null = start && end ? { start, end } : null;
  const ordered = stay !== null && nightsBetween(stay.start, stay.end) >= 0;
  const moved = stay !== null && (stay.start !== booking.start || stay.end !== booking.end);
  let problem: string | null = null;
  if (!stay) problem = errorCodeText('INVALID_DATE');
  else if (moved && rules) {
    const code = stayProblem(stay, { today, role: user.role, rules });
    // As when booking, an admin's override sets the longest stay aside; the overlap stays a hard rule.
    if (code && !(code === 'STAY_TOO_LONG' && override.on)) problem = stayProblemText(code, rules);
    else if (!selectionIsFree({ kind: 'range', ...stay }, bookings, booking)) problem = errorCodeText('BOOKING_OVERLAP');
  }

  const save = (version = baseVersion) => {
    if (!stay) return;
    const overriding = overrideInput(override);
    if (overriding.error) {
      setOverride({ ...override, error: overriding.error });
      return;
    }
    update.mutate(
      { id: booking.id, version, input: { ...stay, purpose, ...(overriding.override ? { override: overriding.override } : {}) } },
      {
        onSuccess: () => {
          toast({ title: t('calendar.updated') });
          onDone();
        },
        onError: (error) => {
          const refused = staleEditOf<Booking>(error);
          if (refused) setStale(refused);
          else toast({ title: errorText(error, user.id), error: true });
        },
      },
    );
  };

  if (stale) {
    const { current } = stale;
    const rows = [
      { label: t('calendar.arrival'), theirs: formatDisplayDate(current.start), mine: start ? formatDisplayDate(start) : '–' },
      { label: t('calendar.departure'), theirs: formatDisplayDate(current.end), mine: end ? formatDisplayDate(end) : '–' },
      { label: t('calendar.purpose'), theirs: t(`calendar.purposes.${current.purpose}`), mine: t(`calendar.purposes.${purpose}`) },
    ];
    return (
      <Card title={t('calendar.editBooking')} icon={<Pencil size={20} />}>
        <StaleEdit
          changedByName={stale.changedByName}
          changedAt={stale.changedAt}
          rows={rows}
          applying={update.isPending}
          onKeepTheirs={onDone}
          onApplyMine={() => {
            setBaseVersion(current.version);
            setStale(null);
            save(current.version);
          }}
        />
      </Card>
    );
  }

  return (
    <Card title={t('calendar.editBooking')} icon={<Pencil size={20} />}>
      <div className={styles.fields}>
        <div className={styles.dateFields}>
          <DateField label={t('calendar.arrival')} value={start} onChange={setStart} required />
          <DateField label={t('calendar.departure')} value={end} onChange={setEnd} required />
        </div>
        <PurposeSelect value={purpose} onChange={setPurpose} />
      </div>
      {stay ? <Facts rows={[[t('calendar.nights'), ordered ? nightsText(stay) : '–']]} /> : null}
      <div className={styles.total} aria-live="polite">
        <span>{t('calendar.cost')}</span>
        <strong>{stay && ordered ? costText(stay, purpose, rules) : '–'}</strong>
      </div>
      {admin ? <OverrideFields value={override} onChange={setOverride} /> : null}
      {problem ? <Alert>{problem}</Alert> : null}
      <div className={styles.dates}>
        <Button variant="outlined" onClick={onDone}>
          {t('calendar.cancel')}
        </Button>
        <Button onClick={() => save()} loading={update.isPending} disabled={Boolean(problem)}>
          {t('calendar.save')}
        </Button>
      </div>
    </Card>
  );
}
