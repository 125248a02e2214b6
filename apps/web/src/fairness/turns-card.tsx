import { useState } from 'react';
import { ListOrdered, Plus } from 'lucide-react';
import { isAdmin, type IsoDate, type SessionUser } from '@rustico/core';
import { LoadFailed } from '../admin/forbidden.tsx';
import { t } from '../lib/i18n.ts';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { Loading } from '../ui/loading.tsx';
import styles from './fairness.module.css';
import { OpenRoundDialog } from './open-round-dialog.tsx';
import { useTurnRounds } from './queries.ts';
import { TurnRoundView } from './turn-round.tsx';

export interface TurnsCardProps {
  user: SessionUser;
  /** Only the rounds touching these days (the calendar's month). */
  between?: { from: IsoDate; to: IsoDate } | undefined;
  /** Show the card (and, for admins, "Apri turni") even with no round running, and the rounds already over. */
  always?: boolean;
  compact?: boolean;
  className?: string | undefined;
}

/** Picking turns, live for everyone: who now, until when, who next; admins open and close rounds. */
export function TurnsCard({ user, between, always = false, compact = false, className }: TurnsCardProps) {
  const rounds = useTurnRounds();
  const admin = isAdmin(user.role);
  const [opening, setOpening] = useState(false);
  // Home and the calendar show the rounds under way; the rules page also those over whose dates are still ahead.
  const shown = (rounds.data ?? []).filter(
    (round) => (always ? round.status !== 'closed' : round.status === 'running') && (!between || (round.from <= between.to && round.to >= between.from)),
  );
  if (!always && shown.length === 0) return null;

  let content;
  if (rounds.isPending) content = <Loading />;
  else if (rounds.isError) content = <LoadFailed onRetry={() => void rounds.refetch()} />;
  else if (shown.length === 0) content = <p className={styles.muted}>{t('fairness.turns.empty')}</p>;
  else content = shown.map((round) => <TurnRoundView key={round.id} round={round} user={user} compact={compact} />);

  return (
    <Card
      className={className}
      title={t('fairness.turns.title')}
      aria-label={t('fairness.turns.title')}
      icon={<ListOrdered size={20} />}
      actions={
        admin && always ? (
          <Button variant="outlined" icon={<Plus size={18} aria-hidden="true" />} onClick={() => setOpening(true)}>
            {t('fairness.turns.open')}
          </Button>
        ) : undefined
      }
    >
      {content}
      {opening ? <OpenRoundDialog onClose={() => setOpening(false)} /> : null}
    </Card>
  );
}
