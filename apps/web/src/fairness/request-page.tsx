import { useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ArrowLeft, Check, X } from 'lucide-react';
import { formatDisplayDate, isAdmin, type Booking } from '@rustico/core';
import { Forbidden, LoadFailed } from '../ui/forbidden.tsx';
import { useCurrentUser } from '../auth/queries.ts';
import { isApiError } from '../lib/api.ts';
import { config } from '../lib/config.ts';
import { errorText } from '../lib/error-text.ts';
import { t } from '../lib/i18n.ts';
import { formatMomentDay } from '../lib/moment.ts';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { cx } from '../ui/cx.ts';
import { Dialog, DialogActions } from '../ui/dialog.tsx';
import { Loading } from '../ui/loading.tsx';
import { Page, pageStyles } from '../ui/page.tsx';
import { TextField } from '../ui/text-field.tsx';
import { useToast } from '../ui/toast-context.ts';
import { Facts } from '../ui/facts.tsx';
import { Actions } from '../ui/actions.tsx';
import styles from './fairness.module.css';
import { StatusPill } from '../bookings/booking-status.tsx';
import { approvalOf, changedMeanwhile } from './decisions.ts';
import { useCompetingRequests, useDecideRequest } from './queries.ts';

type Competitor = { booking: Booking; peakHistory: Array<{ year: number; nights: number }>; peakNightsTotal: number };

function PeakHistory({ competitor, max }: { competitor: Competitor; max: number }) {
  const { booking, peakHistory } = competitor;
  const values = peakHistory.map((h) => `${h.year}: ${h.nights}`).join(', ');
  return (
    <figure className={cx(styles.form, styles.peaks)}>
      <figcaption className={styles.muted}>{t('fairness.requests.peakHistory')}</figcaption>
      <ul className={styles.history} aria-label={t('fairness.requests.peakChart', { name: booking.ownerName, values })}>
        {peakHistory.map((h) => (
          <li key={h.year}>
            <span className={styles.historyBar} aria-hidden="true">
              <span style={{ height: `${Math.round((h.nights / Math.max(1, max)) * 100)}%`, background: booking.ownerColour }} />
            </span>
            <span className={styles.historyValue}>{h.nights}</span>
            <span className={styles.historyYear}>{h.year}</span>
          </li>
        ))}
      </ul>
      <p>
        <strong>{t('fairness.requests.peakTotal', { count: competitor.peakNightsTotal })}</strong>
      </p>
    </figure>
  );
}

function DeclineDialog({ booking, onClose, onDeclined }: { booking: Booking; onClose: () => void; onDeclined: () => void }) {
  const decide = useDecideRequest();
  const { toast } = useToast();
  const formId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!reason.trim()) {
      setError(t('errors.REASON_REQUIRED'));
      return;
    }
    decide.mutate(
      { bookingId: booking.id, approval: approvalOf(booking, 'decline', reason) },
      {
        onSuccess: () => {
          toast({ title: t('fairness.requests.declined') });
          onDeclined();
        },
        onError: (failure) => {
          if (!changedMeanwhile(failure)) {
            setError(errorText(failure));
            return;
          }
          // The request moved or was decided: the dialog's dates are stale, the page shows it anew.
          toast({ title: errorText(failure), error: true });
          onClose();
        },
      },
    );
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('fairness.requests.declineTitle', { name: booking.ownerName })}
      description={t('fairness.requests.declineText', { name: booking.ownerName })}
      actions={
        <DialogActions>
          <Button type="submit" form={formId} danger loading={decide.isPending}>
            {t('fairness.requests.decline')}
          </Button>
        </DialogActions>
      }
    >
      <form
        id={formId}
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField label={t('fairness.requests.reason')} value={reason} maxLength={500} required onChange={(event) => setReason(event.target.value)} error={error ?? undefined} onClearError={() => setError(null)} />
      </form>
    </Dialog>
  );
}

function CompetitorCard({ competitor, max, onApprove, approving, onDecline }: { competitor: Competitor; max: number; onApprove: () => void; approving: boolean; onDecline: () => void }) {
  const { booking } = competitor;
  const name = booking.ownerName;
  return (
    <Card
      title={name}
      aria-label={name}
      icon={<span className={styles.bigDot} style={{ background: booking.ownerColour }} />}
    >
      <Facts
        rows={[
          [t('calendar.arrival'), formatDisplayDate(booking.start)],
          [t('calendar.departure'), formatDisplayDate(booking.end)],
          [t('calendar.nights'), booking.nights],
          [t('fairness.booking.status'), <StatusPill key="status" status={booking.status} />],
        ]}
      />
      <p className={styles.muted}>{t('fairness.requests.requestedOn', { date: formatMomentDay(booking.createdAt) })}</p>
      <PeakHistory competitor={competitor} max={max} />
      {booking.status === 'requested' ? (
        <Actions>
          <Button icon={<Check size={18} aria-hidden="true" />} loading={approving} onClick={onApprove} aria-label={t('fairness.requests.approveLabel', { name })}>
            {t('fairness.requests.approve')}
          </Button>
          <Button variant="outlined" danger icon={<X size={18} aria-hidden="true" />} onClick={onDecline} aria-label={t('fairness.requests.declineLabel', { name })}>
            {t('fairness.requests.decline')}
          </Button>
        </Actions>
      ) : null}
    </Card>
  );
}

/** /app/richieste/:bookingId (admins): the requests competing for the same nights, side by side, with each member's peak history; approve or decline in one tap. */
export function RequestPage() {
  const { bookingId = '' } = useParams();
  const user = useCurrentUser();
  const admin = isAdmin(user.role);
  const competing = useCompetingRequests(bookingId, admin);
  const decide = useDecideRequest();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [declining, setDeclining] = useState<Booking | null>(null);
  // What the requests not chosen are told besides whose was approved (optional: approving stays one tap).
  const [othersReason, setOthersReason] = useState('');

  const approve = (booking: Booking) =>
    decide.mutate(
      { bookingId: booking.id, approval: approvalOf(booking, 'approve', othersReason) },
      {
        onSuccess: ({ declined }) => {
          toast({
            title: declined.length
              ? t('fairness.requests.approvedOthers', { name: booking.ownerName, others: declined.map((b) => b.ownerName).join(', ') })
              : t('fairness.requests.approved', { name: booking.ownerName }),
          });
          void navigate('/app');
        },
        // A request moved meanwhile (REQUEST_CHANGED) says its dates now; the page shows them anew, to decide again.
        onError: (error) => toast({ title: errorText(error), error: true }),
      },
    );

  // After a decline the others may still compete: stay with them, on one still waiting.
  const afterDecline = (declined: Booking) => {
    setDeclining(null);
    const left = (competing.data ?? []).filter((c) => c.booking.id !== declined.id && c.booking.status === 'requested');
    if (left.length === 0) void navigate('/app');
    else if (declined.id === bookingId) void navigate(`/app/richieste/${encodeURIComponent(left[0]!.booking.id)}`, { replace: true });
  };

  let content;
  if (!admin) content = <Forbidden />;
  else if (competing.isPending) content = <Loading />;
  else if (competing.isError && isApiError(competing.error) && [404, 409].includes(competing.error.status)) content = <p className={styles.explain}>{t('fairness.requests.gone')}</p>;
  else if (competing.isError) content = <LoadFailed onRetry={() => void competing.refetch()} />;
  else if (!competing.data.some((c) => c.booking.id === bookingId && c.booking.status === 'requested')) content = <p className={styles.explain}>{t('fairness.requests.gone')}</p>;
  else {
    const max = Math.max(1, ...competing.data.flatMap((c) => c.peakHistory.map((h) => h.nights)));
    const waiting = competing.data.filter((c) => c.booking.status === 'requested');
    content = (
      <>
        {waiting.length > 1 ? (
          <TextField
            label={t('fairness.requests.othersReason')}
            supportingText={t('fairness.requests.othersReasonHint')}
            value={othersReason}
            maxLength={500}
            onChange={(event) => setOthersReason(event.target.value)}
          />
        ) : null}
        <div className={styles.columns}>
          {competing.data.map((competitor) => (
            <CompetitorCard
              key={competitor.booking.id}
              competitor={competitor}
              max={max}
              approving={decide.isPending && decide.variables.bookingId === competitor.booking.id}
              onApprove={() => approve(competitor.booking)}
              onDecline={() => setDeclining(competitor.booking)}
            />
          ))}
        </div>
      </>
    );
  }

  return (
    <Page
      title={t('fairness.requests.pageTitle')}
      lead={t('fairness.requests.pageLead')}
      titleSuffix={config.houseName}
      before={
        <Link to="/app" className={pageStyles.back}>
          <ArrowLeft size={18} aria-hidden="true" />
          {t('fairness.requests.back')}
        </Link>
      }
    >
      {content}
      {declining ? <DeclineDialog booking={declining} onClose={() => setDeclining(null)} onDeclined={() => afterDecline(declining)} /> : null}
    </Page>
  );
}

export { RequestPage as Component };
