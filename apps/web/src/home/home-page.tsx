import { useCurrentUser } from '../auth/queries.ts';
import { config } from '../lib/config.ts';
import { t } from '../lib/i18n.ts';
import { ComingSoon } from '../ui/coming-soon.tsx';
import { Page } from '../ui/page.tsx';

/** /app: Home (cards for weather, next booking and last note come later). */
export function HomePage() {
  const user = useCurrentUser();
  return (
    <Page title={t('home.greeting', { name: user.name })} titleSuffix={config.houseName}>
      <ComingSoon />
    </Page>
  );
}

export { HomePage as Component };
