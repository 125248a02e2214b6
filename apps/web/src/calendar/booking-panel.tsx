import { useState, type ReactNode } from 'react';
import { CalendarPlus, CalendarRange, Pencil, Trash2, X } from 'lucide-react';
import {
  canDeleteBooking,
  canMoveBooking,
  formatChf,
  formatDisplayDate,
  isIsoDate,
  nightsBetween,
  selectionIsFree,
  stayFee,
  stayProblem,
  type Booking,
  type HouseRules,
  type IsoDate,
  type Purpose,
  type SessionUser,
  type Stay,
} from '@rustico/core';
import { errorCodeText, errorText } from '../lib/error-text.ts';
import { t } from '../lib/i18n.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { cx } from '../ui/cx.ts';
import { Dialog, DialogActions } from '../ui/dialog.tsx';
import { Select } from '../ui/select.tsx';
import { TextField } from '../ui/text-field.tsx';
import { useToast } from '../ui/toast-context.ts';
import { useCreateBooking, useDeleteBooking, useUpdateBooking } from './queries.ts';
import styles from './calendar.module.css';

const PURPOSES: readonly Purpose[] = ['personal', 'maintenance'];

function purposeOptions() {
  return PURPOSES.map((value) => ({ value, label: t(`calendar.purposes.${value}`) }));
}

function isPurpose(value: string): value is Purpose {
  return (PURPOSES as readonly string[]).includes(value);
}

function nightsText(stay: Stay): string {
  const nights = nightsBetween(stay.start, stay.end);
  return nights === 0 ? t('calendar.dayVisit') : String(nights);
}

function costText(stay: Stay, purpose: Purpose, rules: HouseRules | undefined): string {
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

function Facts({ rows }: { rows: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <dl className={styles.facts}>
      {rows.map(([term, value]) => (
        <div key={term} className={styles.fact}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** No selection: how to book. */
export function EmptyPanel() {
  return (
    <Card title={t('calendar.newBooking')} icon={<CalendarPlus size={20} />}>
      <p className={styles.hint}>{t('calendar.emptyHint')}</p>
      <p className={styles.note}>{t('calendar.dragHint')}</p>
    </Card>
  );
}

export interface NewBookingFormProps {
  stay: Stay;
  rules: HouseRules | undefined;
  problem: string | null;
  onSaved: () => void;
  onCancel: () => void;
}

/** Free days selected: the dates, purpose, nights and cost, and Salva. */
export function NewBookingForm({ stay, rules, problem, onSaved, onCancel }: NewBookingFormProps) {
  const [purpose, setPurpose] = useState<Purpose>('personal');
  const create = useCreateBooking();
  const { toast } = useToast();

  const save = () => {
    create.mutate(
      { start: stay.start, end: stay.end, purpose },
      {
        onSuccess: () => {
          toast({ title: t('calendar.saved') });
          onSaved();
        },
        onError: (error) => toast({ title: errorText(error) }),
      },
    );
  };

  return (
    <Card title={t('calendar.newBooking')} icon={<CalendarPlus size={20} />}>
      <Facts
        rows={[
          [t('calendar.arrival'), formatDisplayDate(stay.start)],
          [t('calendar.departure'), formatDisplayDate(stay.end)],
          [t('calendar.nights'), nightsText(stay)],
        ]}
      />
      <Select
        label={t('calendar.purpose')}
        options={purposeOptions()}
        value={purpose}
        onValueChange={(value) => {
          if (isPurpose(value)) setPurpose(value);
        }}
      />
      <div className={styles.total} aria-live="polite">
        <span>{t('calendar.cost')}</span>
        <strong>{costText(stay, purpose, rules)}</strong>
      </div>
      {problem ? <Alert>{problem}</Alert> : null}
      {create.isError ? <Alert>{errorText(create.error)}</Alert> : null}
      <div className={styles.dates}>
        <Button variant="outlined" onClick={onCancel}>
          {t('calendar.clearSelection')}
        </Button>
        <Button onClick={save} loading={create.isPending} disabled={Boolean(problem)}>
          {t('calendar.save')}
        </Button>
      </div>
    </Card>
  );
}

export interface BookingDetailProps {
  booking: Booking;
  user: SessionUser;
  today: IsoDate;
  rules: HouseRules | undefined;
  /** The bookings on screen, to check a move against before asking the server. */
  bookings: readonly Booking[];
  onClose: () => void;
}

function Tick({ done, yes, no }: { done: boolean; yes: string; no: string }) {
  return <span className={cx(styles.tick, done && styles.tickDone)}>{done ? yes : no}</span>;
}

/** A selected booking: its facts, and for whom may, Modifica and Elimina. */
export function BookingDetail({ booking, user, today, rules, bookings, onClose }: BookingDetailProps) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteBooking();
  const { toast } = useToast();
  const canMove = canMoveBooking(user, booking);
  const canDelete = canDeleteBooking(user, booking);

  if (editing) {
    return (
      <EditBookingForm
        booking={booking}
        user={user}
        today={today}
        rules={rules}
        bookings={bookings}
        onDone={() => setEditing(false)}
      />
    );
  }

  const confirmDelete = () => {
    remove.mutate(booking.id, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: t('calendar.deleted') });
        onClose();
      },
      onError: (error) => {
        setConfirming(false);
        toast({ title: errorText(error) });
      },
    });
  };

  const closeButton = (
    <Button variant="text" onClick={onClose} icon={<X size={18} aria-hidden="true" />}>
      {t('calendar.close')}
    </Button>
  );

  return (
    <Card title={t('calendar.booking')} icon={<CalendarRange size={20} />}>
      <Facts
        rows={[
          [t('calendar.owner'), <OwnerName key="owner" name={booking.ownerName} colour={booking.ownerColour} />],
          [t('calendar.arrival'), formatDisplayDate(booking.start)],
          [t('calendar.departure'), formatDisplayDate(booking.end)],
          [t('calendar.nights'), nightsText(booking)],
          [t('calendar.purpose'), t(`calendar.purposes.${booking.purpose}`)],
          [t('calendar.cost'), formatChf(booking.costCentimes)],
          [t('calendar.checkIn'), <Tick key="in" done={booking.checkedIn} yes={t('calendar.done')} no={t('calendar.toDo')} />],
          [t('calendar.checkOut'), <Tick key="out" done={booking.checkedOut} yes={t('calendar.done')} no={t('calendar.toDo')} />],
          [t('calendar.payment'), <Tick key="paid" done={booking.paid} yes={t('calendar.paid')} no={t('calendar.unpaid')} />],
        ]}
      />
      {booking.ownerId === user.id && booking.checkedIn ? <p className={styles.note}>{t('calendar.checkedInLocked')}</p> : null}
      {booking.ownerId !== user.id && !canDelete ? <p className={styles.note}>{t('calendar.readOnly')}</p> : null}
      <div className={styles.actions}>
        {canMove ? (
          <Button variant="outlined" onClick={() => setEditing(true)} icon={<Pencil size={16} aria-hidden="true" />}>
            {t('calendar.edit')}
          </Button>
        ) : null}
        {canDelete ? (
          <Dialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t('calendar.deleteTitle')}
            description={t('calendar.deleteText')}
            trigger={
              <Button variant="outlined" danger icon={<Trash2 size={16} aria-hidden="true" />}>
                {t('calendar.delete')}
              </Button>
            }
            actions={
              <DialogActions>
                <Button danger onClick={confirmDelete} loading={remove.isPending}>
                  {t('calendar.delete')}
                </Button>
              </DialogActions>
            }
          />
        ) : null}
        {closeButton}
      </div>
    </Card>
  );
}

interface EditBookingFormProps {
  booking: Booking;
  user: SessionUser;
  today: IsoDate;
  rules: HouseRules | undefined;
  bookings: readonly Booking[];
  onDone: () => void;
}

/** Edit mode: new dates and purpose, the cost recalculated as they change. */
function EditBookingForm({ booking, user, today, rules, bookings, onDone }: EditBookingFormProps) {
  const [start, setStart] = useState(booking.start);
  const [end, setEnd] = useState(booking.end);
  const [purpose, setPurpose] = useState<Purpose>(booking.purpose);
  const update = useUpdateBooking();
  const { toast } = useToast();

  const datesValid = isIsoDate(start) && isIsoDate(end);
  const stay: Stay = { start, end };
  const moved = start !== booking.start || end !== booking.end;
  let problem: string | null = null;
  if (!datesValid) problem = errorCodeText('INVALID_DATE');
  else if (moved && rules) {
    const code = stayProblem(stay, { today, role: user.role, rules });
    if (code) problem = errorCodeText(code);
    else if (!selectionIsFree({ kind: 'range', start, end }, bookings, booking)) problem = errorCodeText('BOOKING_OVERLAP');
  }

  const save = () => {
    update.mutate(
      { id: booking.id, input: { start, end, purpose } },
      {
        onSuccess: () => {
          toast({ title: t('calendar.updated') });
          onDone();
        },
        onError: (error) => toast({ title: errorText(error) }),
      },
    );
  };

  return (
    <Card title={t('calendar.editBooking')} icon={<Pencil size={20} />}>
      <div className={styles.fields}>
        <div className={styles.dateFields}>
          <TextField type="date" label={t('calendar.arrival')} value={start} onChange={(event) => setStart(event.target.value)} required />
          <TextField type="date" label={t('calendar.departure')} value={end} onChange={(event) => setEnd(event.target.value)} required />
        </div>
        <Select
          label={t('calendar.purpose')}
          options={purposeOptions()}
          value={purpose}
          onValueChange={(value) => {
            if (isPurpose(value)) setPurpose(value);
          }}
        />
      </div>
      {datesValid ? (
        <Facts rows={[[t('calendar.nights'), nightsBetween(start, end) < 0 ? '–' : nightsText(stay)]]} />
      ) : null}
      <div className={styles.total} aria-live="polite">
        <span>{t('calendar.cost')}</span>
        <strong>{datesValid && nightsBetween(start, end) >= 0 ? costText(stay, purpose, rules) : '–'}</strong>
      </div>
      {problem ? <Alert>{problem}</Alert> : null}
      <div className={styles.dates}>
        <Button variant="outlined" onClick={onDone}>
          {t('calendar.cancel')}
        </Button>
        <Button onClick={save} loading={update.isPending} disabled={Boolean(problem)}>
          {t('calendar.save')}
        </Button>
      </div>
    </Card>
  );
}
