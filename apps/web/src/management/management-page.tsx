import { lazy, Suspense, useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ClipboardList, Package, Wallet } from 'lucide-react';
import { config } from '../lib/config.ts';
import { t } from '../lib/i18n.ts';
import { buttonClass } from '../ui/button.tsx';
import { Page } from '../ui/page.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/tabs.tsx';
import { RegisterTab } from './register/register-tab.tsx';
import { openStaysQuery } from './register/queries.ts';
import { firstData } from '../lib/first-data.ts';
import { queryClient } from '../lib/query-client.ts';
import { loadWhenIdle } from '../lib/load-when-idle.ts';
import { Loading } from '../ui/loading.tsx';
import styles from './management.module.css';

const loadNotesTab = () => import('../notes/notes-tab.tsx');
// Note's list and its composer (with react-hook-form) load when the browser is idle after
// Registra's first paint, or at once when the page opens on Note.
const NotesTab = lazy(() => loadNotesTab().then((module) => ({ default: module.NotesTab })));

const TAB_REGISTER = 'registra';
const TAB_NOTES = 'note';

/** /app/gestione: the way to the house's accounts, then tabs Registra and Note; #note opens Note, any other hash Registra. */
export function ManagementPage() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const tab = hash === `#${TAB_NOTES}` ? TAB_NOTES : TAB_REGISTER;
  useEffect(() => loadWhenIdle(loadNotesTab), []);
  return (
    <Page title={t('management.title')} titleSuffix={config.houseName}>
      <div className={styles.links}>
        <Link to="/app/conti" className={buttonClass({ variant: 'outlined' })}>
          <Wallet size={18} aria-hidden="true" />
          {t('accounts.open')}
        </Link>
        <Link to="/app/scorte" className={buttonClass({ variant: 'outlined' })}>
          <Package size={18} aria-hidden="true" />
          {t('upkeep.open.supplies')}
        </Link>
        <Link to="/app/lavori" className={buttonClass({ variant: 'outlined' })}>
          <ClipboardList size={18} aria-hidden="true" />
          {t('upkeep.open.tasks')}
        </Link>
      </div>
      <Tabs
        value={tab}
        onValueChange={(value) => void navigate({ hash: `#${value}` }, { replace: true, preventScrollReset: true })}
      >
        <TabsList aria-label={t('management.tabsLabel')}>
          <TabsTrigger value={TAB_REGISTER}>{t('management.register')}</TabsTrigger>
          <TabsTrigger value={TAB_NOTES}>{t('management.notes')}</TabsTrigger>
        </TabsList>
        <TabsContent value={TAB_REGISTER}>
          <RegisterTab />
        </TabsContent>
        <TabsContent value={TAB_NOTES}>
          <Suspense fallback={<Loading />}>
            <NotesTab />
          </Suspense>
        </TabsContent>
      </Tabs>
    </Page>
  );
}

/** Registra's first card, my stays to check in, out or pay, is drawn with them (lib/first-data.ts). */
async function loader() {
  await firstData([queryClient.prefetchQuery(openStaysQuery)]);
  return null;
}

export { ManagementPage as Component, loader };
