import { Hourglass } from 'lucide-react';
import { t } from '../lib/i18n.ts';
import { Card } from './card.tsx';

/** Placeholder for a screen whose content arrives in a later release. */
export function ComingSoon({ title = t('app.comingSoon'), text = t('app.comingSoonText') }: { title?: string; text?: string }) {
  return (
    <Card title={title} icon={<Hourglass size={20} />}>
      <p>{text}</p>
    </Card>
  );
}
