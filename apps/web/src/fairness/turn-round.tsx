import { useState } from 'react';
import { Link } from 'react-router';
import { formatDisplayDate, isAdmin, type SessionUser, type TurnRound } from '@rustico/core';
import { errorText } from '../lib/error-text.ts';
import { t } from '../lib/i18n.ts';
import { formatMoment } from '../lib/moment.ts';
import { Button } from '../ui/button.tsx';
import { tableStyles } from '../ui/data-table.tsx';
import { Dialog, DialogActions } from '../ui/dialog.tsx';
import { useToast } from '../ui/toast-context.ts';
import { Actions } from '../ui/actions.tsx';
import styles from './fairness.module.css';
import { skipOf } from './decisions.ts';
import { useCloseRound, useSkipTurn } from './queries.ts';

type Turn = TurnRound['turns'][number];

function turnWhen(turn: Turn): string {
  if (turn.status === 'current') return t('fairness.turns.turnNow', { when: formatMoment(turn.endsAt) });
  if (turn.status === 'waiting') return t('fairness.turns.turnWaiting', { when: formatMoment(turn.startsAt) });
  return turn.endedBy ? t(`fairness.turns.turnDone.${turn.endedBy}`) : '';
}

interface RoundMutation<T> {
  mutate: (seen: T, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
}

/**
 * An admin's action on a round, asked for again in a dialog; the answer comes as a toast.
 * It acts on what the round showed when the dialog opened (`seen`): a queue that moves on
 * while the dialog is open does not change whose turn the confirmation names.
 */
function RoundAction<T>({ seen, mutation, label, title, description, done, danger = false }: { seen: T; mutation: RoundMutation<T>; label: string; title: string; description: string; done: string; danger?: boolean }) {
  const { toast } = useToast();
  const [opened, setOpened] = useState<{ seen: T } | null>(null);
  const setOpen = (open: boolean) => setOpened(open ? { seen } : null);
  return (
    <Dialog
      open={opened !== null}
      onOpenChange={setOpen}
      title={title}
      description={description}
      trigger={
        <Button variant={danger ? 'text' : 'outlined'} danger={danger}>
          {label}
        </Button>
      }
      actions={
        <DialogActions>
          <Button
            danger={danger}
            loading={mutation.isPending}
            onClick={() => {
              if (!opened) return;
              mutation.mutate(opened.seen, {
                onSuccess: () => {
                  setOpen(false);
                  toast({ title: done });
                },
                // A turn passed on meanwhile (TURN_CHANGED) says whose it is now; the queue shows it anew.
                onError: (error) => {
                  setOpen(false);
                  toast({ title: errorText(error), error: true });
                },
              });
            }}
          >
            {label}
          </Button>
        </DialogActions>
      }
    />
  );
}

function SkipButton({ seen, next }: { seen: NonNullable<ReturnType<typeof skipOf>>; next: Turn | undefined }) {
  return (
    <RoundAction
      seen={seen}
      mutation={useSkipTurn()}
      label={t('fairness.turns.skip')}
      title={t('fairness.turns.skipTitle')}
      description={next ? t('fairness.turns.skipText', { name: next.memberName }) : t('fairness.turns.skipTextLast')}
      done={t('fairness.turns.skipped')}
    />
  );
}

function CloseButton({ round }: { round: TurnRound }) {
  return (
    <RoundAction
      seen={round.id}
      mutation={useCloseRound()}
      label={t('fairness.turns.close')}
      title={t('fairness.turns.closeTitle')}
      description={t('fairness.turns.closeText')}
      done={t('fairness.turns.closed')}
      danger
    />
  );
}

/**
 * One round of picking turns as everyone sees it: who now and until when, who
 * next, the whole queue; the member on turn may pass it, admins close the round.
 */
export function TurnRoundView({ round, user, compact = false }: { round: TurnRound; user: SessionUser; compact?: boolean }) {
  const current = round.turns.find((turn) => turn.status === 'current');
  const next = current ? round.turns.find((turn) => turn.position === current.position + 1) : undefined;
  const mine = current?.memberId === user.id;
  const admin = isAdmin(user.role);
  const headingId = `round-${round.id}`;
  // An admin may pass a turn for someone who said so by phone; the member on turn passes it themselves.
  const skip = skipOf(round);
  const canSkip = skip !== null && (mine || admin);
  const canClose = admin && !compact && round.status === 'running';
  return (
    <section className={styles.form} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.subheading}>
        {t('fairness.turns.range', { from: formatDisplayDate(round.from), to: formatDisplayDate(round.to) })}
      </h3>
      <p className={styles.muted}>{t('fairness.turns.terms', { nights: round.nightsPerTurn, hours: round.windowHours })}</p>
      {current ? (
        <div className={styles.now} role="status">
          <span className={styles.nowName}>{mine ? t('fairness.turns.nowMine') : t('fairness.turns.now', { name: current.memberName })}</span>
          <span>{t('fairness.turns.until', { when: formatMoment(current.endsAt) })}</span>
          <span>{next ? t('fairness.turns.next', { name: next.memberName }) : t('fairness.turns.last')}</span>
        </div>
      ) : (
        <p className={styles.explain}>{t('fairness.turns.finished')}</p>
      )}
      {compact ? (
        <Link to="/app/impostazioni/regole" className={styles.link}>
          {t('fairness.turns.seeOrder')}
        </Link>
      ) : (
        <ol className={styles.queue} aria-label={t('fairness.turns.queue')}>
          {round.turns.map((turn) => (
            <li key={turn.position} className={styles.queueItem} data-status={turn.status} aria-current={turn.status === 'current' ? 'step' : undefined}>
              <span className={tableStyles.dot} style={{ background: turn.memberColour }} aria-hidden="true" />
              <span className={styles.queueText}>
                <span className={styles.queueName}>
                  {turn.position + 1}. {turn.memberName}
                </span>
                <span className={styles.queueWhen}>{turnWhen(turn)}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
      {canSkip || canClose ? (
        <Actions>
          {canSkip ? <SkipButton seen={skip} next={next} /> : null}
          {canClose ? <CloseButton round={round} /> : null}
        </Actions>
      ) : null}
    </section>
  );
}
