import { createBrowserRouter } from 'react-router';
import { redirectIfLoggedIn, rootRedirect } from '../auth/guards.ts';
import { APP_ROUTE_ID } from '../auth/session.ts';
import { ErrorPage } from '../errors/error-page.tsx';
import { Loading } from '../ui/loading.tsx';
import { lazyRoute } from './lazy-route.ts';

const notFound = lazyRoute(() => import('../errors/not-found-page.tsx'));

/**
 * Every route of the app. Screens are lazy modules exporting `Component` (and
 * `loader` where they need data). The /app layout module brings TanStack
 * Query, Radix and lucide, so the public pages stay small. Creating the router starts the
 * screen's chunks and loaders for the page's path.
 */
export const createAppRouter = () =>
  createBrowserRouter([
    {
      id: 'root',
      errorElement: <ErrorPage />,
      hydrateFallbackElement: <Loading />,
      children: [
        { index: true, loader: rootRedirect, element: <Loading /> },
        {
          path: 'login',
          loader: redirectIfLoggedIn,
          lazy: lazyRoute(() => import('../auth/login-page.tsx')),
        },
        { path: 'setup/:token', lazy: lazyRoute(() => import('../auth/setup-page.tsx')) },
        { path: 'password-dimenticata', lazy: lazyRoute(() => import('../auth/forgot-password-page.tsx')) },
        { path: 'nuova-password/:token', lazy: lazyRoute(() => import('../auth/password-link-page.tsx')) },
        { path: 'disiscrizione/:token', lazy: lazyRoute(() => import('../auth/unsubscribe-page.tsx')) },
        { path: 'visitatore', lazy: lazyRoute(() => import('../visitor/visitor-page.tsx')) },
        {
          id: APP_ROUTE_ID,
          path: 'app',
          lazy: lazyRoute(() => import('./shell.tsx')),
          children: [
            {
              errorElement: <ErrorPage embedded />,
              children: [
                { index: true, lazy: lazyRoute(() => import('../home/home-page.tsx')) },
                { path: 'calendario', lazy: lazyRoute(() => import('../calendar/calendar-page.tsx')) },
                { path: 'gestione', lazy: lazyRoute(() => import('../management/management-page.tsx')) },
                { path: 'tutorial', lazy: lazyRoute(() => import('../tutorial/tutorial-list-page.tsx')) },
                { path: 'tutorial/:tutorialId', lazy: lazyRoute(() => import('../tutorial/tutorial-page.tsx')) },
                { path: 'impostazioni', lazy: lazyRoute(() => import('../settings/settings-page.tsx')) },
                { path: 'impostazioni/profilo', lazy: lazyRoute(() => import('../settings/profile-page.tsx')) },
                { path: 'impostazioni/password', lazy: lazyRoute(() => import('../settings/password-page.tsx')) },
                { path: 'impostazioni/regole', lazy: lazyRoute(() => import('../fairness/rules-page.tsx')) },
                { path: 'equita', lazy: lazyRoute(() => import('../fairness/fairness-page.tsx')) },
                { path: 'richieste/:bookingId', lazy: lazyRoute(() => import('../fairness/request-page.tsx')) },
                { path: 'prenotazioni/:userId', lazy: lazyRoute(() => import('../bookings/bookings-page.tsx')) },
                { path: 'conti', lazy: lazyRoute(() => import('../accounts/accounts-page.tsx')) },
                { path: 'statistiche', lazy: lazyRoute(() => import('../admin/statistics-page.tsx')) },
                { path: 'utenti', lazy: lazyRoute(() => import('../admin/users-page.tsx')) },
                { path: '*', lazy: notFound },
              ],
            },
          ],
        },
        { path: '*', lazy: notFound },
      ],
    },
  ]);
