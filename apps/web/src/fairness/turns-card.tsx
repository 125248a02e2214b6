import type { ReactNode } from 'react';
import { ListOrdered } from 'lucide-react';
import type { IsoDate, SessionUser } from '@rustico/core';
import { LoadFailed } from '../ui/forbidden.tsx';
import { t } from '../lib/i18n.ts';
import { Card } from '../ui/card.tsx';
import { Loading } from '../ui/loading.tsx';
import styles from './fairness.module.css';
import { useTurnRounds } from './queries.ts';
import { TurnRoundView } from './turn-round.tsx';

export interface TurnsCardProps {
  user: SessionUser;
  /** Only the rounds touching these days (the calendar's month). */
  between?: { from: IsoDate; to: IsoDate } | undefined;
  /** Show the card even with no round running, and the rounds already over. */
  always?: boolean;
  /** In the card's header (the rules page's "Apri turni"). */
  actions?: ReactNode;
  compact?: boolean;
  className?: string | undefined;
}

/** Picking turns, live for everyone: who now, until when, who next; admins close rounds. */
export function TurnsCard({ user, between, always = false, compact = false, className, actions }: TurnsCardProps) {
  const rounds = useTurnRounds();
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
      actions={actions}
    >
      {content}
    </Card>
  );
}
