import { Gift } from 'lucide-react';
import type { SessionUser } from '@rustico/core';
import { t } from '../lib/i18n.ts';
import { StaticRow } from './settings-row.tsx';

/** The one weekend voucher each member gets: available or already used. */
export function GiftRow({ user }: { user: SessionUser }) {
  return (
    <StaticRow
      icon={<Gift size={22} />}
      label={t('settings.gift')}
      badge={user.giftUsed ? t('settings.giftUsed') : t('settings.giftAvailable')}
      badgeTone={user.giftUsed ? undefined : 'positive'}
    />
  );
}
