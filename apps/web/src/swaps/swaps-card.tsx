import { ArrowLeftRight } from 'lucide-react';
import type { SessionUser } from '@rustico/core';
import { t } from '../lib/i18n.ts';
import { Card } from '../ui/card.tsx';
import { List } from '../ui/list.tsx';
import { OfferRow, SwapRow } from './proposals.tsx';
import { useOffers, useSwaps } from './queries.ts';
import styles from './swaps.module.css';

/** Home: the swaps and stays given waiting for an answer, mine to give first. */
export function SwapsCard({ user, className }: { user: SessionUser; className?: string | undefined }) {
  const swaps = useSwaps();
  const offers = useOffers();
  const toMeFirst = <T extends { toId: string }>(items: readonly T[]) => [...items.filter((i) => i.toId === user.id), ...items.filter((i) => i.toId !== user.id)];
  const openSwaps = toMeFirst(swaps.data ?? []);
  const openOffers = toMeFirst(offers.data ?? []);
  if (openSwaps.length + openOffers.length === 0) return null;
  return (
    <Card className={className} title={t('swaps.title')} aria-label={t('swaps.title')} icon={<ArrowLeftRight size={20} />}>
      <p className={styles.lead}>{t('swaps.lead')}</p>
      <List label={t('swaps.title')}>
        {openSwaps.map((swap) => (
          <SwapRow key={swap.id} swap={swap} user={user} />
        ))}
        {openOffers.map((offer) => (
          <OfferRow key={offer.id} offer={offer} user={user} />
        ))}
      </List>
    </Card>
  );
}
