import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { config } from '../lib/config.ts';
import { t } from '../lib/i18n.ts';
import { ComingSoon } from '../ui/coming-soon.tsx';
import { Page, pageStyles } from '../ui/page.tsx';

/** /app/impostazioni/profilo: profile settings (photo, name) come later. */
export function ProfilePage() {
  const back = (
    <Link to="/app/impostazioni" className={pageStyles.back}>
      <ArrowLeft size={18} aria-hidden="true" />
      {t('settings.title')}
    </Link>
  );
  return (
    <Page title={t('profile.title')} titleSuffix={config.houseName} before={back}>
      <ComingSoon />
    </Page>
  );
}

export { ProfilePage as Component };
