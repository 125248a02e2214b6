import { config } from '../lib/config.ts';
import { t } from '../lib/i18n.ts';
import { ComingSoon } from '../ui/coming-soon.tsx';
import { Page } from '../ui/page.tsx';

/** /app/calendario: booking calendar (month grid and booking panel come later). */
export function CalendarPage() {
  return (
    <Page title={t('calendar.title')} titleSuffix={config.houseName}>
      <ComingSoon />
    </Page>
  );
}

export { CalendarPage as Component };
