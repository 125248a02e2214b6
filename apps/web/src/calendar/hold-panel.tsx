import { useState } from 'react';
import { BellPlus, CalendarCheck, CalendarClock, Undo2, X } from 'lucide-react';
import { formatDisplayDate, isAdmin, type Hold, type Purpose, type SessionUser } from '@rustico/core';
import { OwnerName, nightsText, PurposeSelect } from './booking-parts.tsx';
import { errorText } from '../lib/error-text.ts';
import { t } from '../lib/i18n.ts';
import { useJoinWaitlist } from '../waitlist/queries.ts';
import { Actions } from '../ui/actions.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { Facts } from '../ui/facts.tsx';
import { TextField } from '../ui/text-field.tsx';
import { useToast } from '../ui/toast-context.ts';
import { useConfirmHold, useReleaseHold } from '../holds/queries.ts';
import styles from './hold-panel.module.css';

export interface HoldPanelProps {
  hold: Hold;
  user: SessionUser;
  onClose: () => void;
}

/**
 * A tapped hold: its owner confirms it (with the purpose, as a booking has) or releases it; an
 * admin releases anyone's saying why; the others see who holds it until when and may wait for it.
 */
export function HoldPanel({ hold, user, onClose }: HoldPanelProps) {
  const own = hold.ownerId === user.id;
  const admin = isAdmin(user.role);
  const [purpose, setPurpose] = useState<Purpose>('personal');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = useConfirmHold();
  const release = useReleaseHold();
  const join = useJoinWaitlist();
  const { toast } = useToast();
  const until = formatDisplayDate(hold.lastDay);

  const failed = (error: unknown) => {
    setProblem(errorText(error));
    toast({ title: errorText(error), error: true });
  };

  const doConfirm = () =>
    confirm.mutate(
      { id: hold.id, purpose },
      {
        onSuccess: (booking) => {
          toast({ title: booking.status === 'requested' ? t('holds.requested') : t('holds.confirmed') });
          onClose();
        },
        onError: failed,
      },
    );

  const doRelease = () => {
    if (!own && !reason.trim()) {
      setProblem(t('errors.REASON_REQUIRED'));
      return;
    }
    release.mutate(
      { id: hold.id, ...(own ? {} : { reason: reason.trim() }) },
      {
        onSuccess: () => {
          toast({ title: t('holds.released') });
          onClose();
        },
        onError: failed,
      },
    );
  };

  return (
    <Card title={t('holds.title')} icon={<CalendarClock size={20} />}>
      <Facts
        rows={[
          [t('calendar.owner'), <OwnerName key="owner" name={hold.ownerName} colour={hold.ownerColour} />],
          [t('calendar.arrival'), formatDisplayDate(hold.start)],
          [t('calendar.departure'), formatDisplayDate(hold.end)],
          [t('calendar.nights'), nightsText(hold)],
        ]}
      />
      <p className={styles.until}>{own ? t('holds.yours', { date: until }) : t('holds.theirs', { name: hold.ownerName, date: until })}</p>
      {own ? <PurposeSelect value={purpose} onChange={setPurpose} /> : null}
      {!own && admin ? (
        <TextField label={t('holds.reason')} supportingText={t('holds.reasonHint', { name: hold.ownerName })} value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} />
      ) : null}
      {problem ? <Alert>{problem}</Alert> : null}
      <Actions>
        {own ? (
          <Button onClick={doConfirm} loading={confirm.isPending} icon={<CalendarCheck size={16} aria-hidden="true" />}>
            {t('holds.confirm')}
          </Button>
        ) : null}
        {own || admin ? (
          <Button variant="outlined" danger={!own} onClick={doRelease} loading={release.isPending} icon={<Undo2 size={16} aria-hidden="true" />}>
            {t('holds.release')}
          </Button>
        ) : null}
        {own ? null : (
          <Button
            variant="outlined"
            icon={<BellPlus size={16} aria-hidden="true" />}
            loading={join.isPending}
            onClick={() =>
              join.mutate({ start: hold.start, end: hold.end }, { onSuccess: () => toast({ title: t('holds.notifyDone') }), onError: failed })
            }
          >
            {t('holds.notify')}
          </Button>
        )}
        <Button variant="text" onClick={onClose} icon={<X size={18} aria-hidden="true" />}>
          {t('calendar.close')}
        </Button>
      </Actions>
    </Card>
  );
}
