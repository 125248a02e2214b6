import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Link, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { BookOpen, CalendarDays, ClipboardList, House, Settings, type LucideProps } from 'lucide-react';
import { endSession, requireSession, sessionExpired, sessionQueryKey, useCurrentUser } from '../auth/queries.ts';
import { config } from '../lib/config.ts';
import { useLiveEvents } from '../lib/events.ts';
import { queryClient, whenUnauthorized } from '../lib/query-client.ts';
import { adoptMemberLanguage, loadWholeCatalog, t, type MessageKey } from '../lib/i18n.ts';
import { takePasskeyOffer } from '../lib/passkeys.ts';
import { OfflineBanner } from '../offline/offline-banner.tsx';
import { usePushToasts } from '../settings/use-push-toasts.ts';
import { Avatar } from '../ui/avatar.tsx';
import { Logo } from '../ui/logo.tsx';
import { AppProviders } from './providers.tsx';
import { liveEventQueryKeys } from './live-event-keys.ts';
import styles from './shell.module.css';

interface NavEntry {
  to: string;
  label: MessageKey;
  icon: ComponentType<LucideProps>;
  /** Active only on the exact path (Home); otherwise on every path below it too. */
  end?: boolean;
  /** Pages elsewhere in the URL tree that belong to this section (reached from it). */
  also?: readonly string[];
}

const NAV: readonly NavEntry[] = [
  { to: '/app', label: 'nav.home', icon: House, end: true },
  { to: '/app/calendario', label: 'nav.calendar', icon: CalendarDays },
  { to: '/app/gestione', label: 'nav.management', icon: ClipboardList },
  { to: '/app/tutorial', label: 'nav.tutorial', icon: BookOpen },
  { to: '/app/impostazioni', label: 'nav.settings', icon: Settings, also: ['/app/prenotazioni', '/app/statistiche', '/app/attivita', '/app/utenti'] },
];

/** The section a path belongs to, so the navigation marks it on every sub-page. */
function sectionOf(pathname: string): string | undefined {
  const under = (base: string) => pathname === base || pathname.startsWith(`${base}/`);
  return NAV.find(({ to, end, also }) => (end ? pathname === to : under(to)) || also?.some(under))?.to;
}

/** The offer of a passkey after a password login, loaded only then. */
const PasskeyOffer = lazy(() => import('../settings/passkey-offer.tsx').then((module) => ({ default: module.PasskeyOffer })));

// A call answering 401 while we thought we were logged in ends the session here. Set when this
// module loads, before the loaders of /app run.
whenUnauthorized(() => {
  if (queryClient.getQueryData(sessionQueryKey)) endSession(queryClient);
});

/** Only logged-in users get in; the user is the loader data of the `app` route. */
export async function loader() {
  const user = await requireSession(queryClient);
  await adoptMemberLanguage(user);
  // Everything inside /app may use the whole catalog.
  await loadWholeCatalog();
  return user;
}

function Layout() {
  const user = useCurrentUser();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const section = sectionOf(useLocation().pathname);
  // One live stream per browser while logged in; this tab leaves it when the layout unmounts (logout, session expiry).
  useLiveEvents({ keys: liveEventQueryKeys, onLogout: () => endSession(queryClient) });
  // Push messages that arrive while the app is visible show as toasts.
  usePushToasts();
  const [offerPasskey] = useState(() => takePasskeyOffer(user.id));

  useEffect(() => {
    const toLogin = () => void navigate('/login', { replace: true });
    sessionExpired.addEventListener('expired', toLogin);
    return () => sessionExpired.removeEventListener('expired', toLogin);
  }, [navigate]);

  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#main">
        {t('nav.skipToContent')}
      </a>
      {navigation.state === 'loading' ? <div className={styles.progress} aria-hidden="true" /> : null}
      <nav className={styles.nav} aria-label={t('nav.label')}>
        <div className={styles.brand}>
          <Logo className={styles.brandLogo} size={40} />
          <span>{config.houseName}</span>
        </div>
        <ul className={styles.list}>
          {NAV.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link to={to} className={styles.link} aria-current={section === to ? 'page' : undefined}>
                <Icon className={styles.icon} size={22} aria-hidden="true" />
                <span>{t(label)}</span>
              </Link>
            </li>
          ))}
        </ul>
        <div className={styles.user}>
          <Avatar src={user.photoUrl} name={user.name} size={36} decorative />
          <span className={styles.userName}>{user.name}</span>
        </div>
      </nav>
      <main id="main" className={styles.main} tabIndex={-1}>
        <OfflineBanner userId={user.id} />
        <Outlet />
        {offerPasskey ? (
          <Suspense fallback={null}>
            <PasskeyOffer memberId={user.id} memberName={user.name} />
          </Suspense>
        ) : null}
      </main>
    </div>
  );
}

/** The logged-in layout: side bar from 900 px, bottom bar below (where the calendar's day cells would shrink under 44 px). */
export function Shell() {
  return (
    <AppProviders>
      <Layout />
    </AppProviders>
  );
}

export { Shell as Component };
