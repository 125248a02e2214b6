import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
  type RouteObject,
} from 'react-router';
import { redirectIfLoggedIn, rootRedirect } from '../auth/guards.ts';
import { APP_ROUTE_ID } from '../auth/session.ts';
import { ErrorPage } from '../errors/error-page.tsx';
import { nextTask } from '../lib/next-task.ts';
import { Loading } from '../ui/loading.tsx';
import { lazyRoute } from './lazy-route.ts';

const notFound = lazyRoute(() => import('../errors/not-found-page.tsx'));

type AppRouter = ReturnType<typeof createRouter>;

/**
 * The router, started as createBrowserRouter starts it, but in three tasks instead of one:
 * reading the address (history.replaceState), building and matching the route table, and the
 * first navigation (which starts the screen's chunks and loaders). Together they were the longest
 * task of a load, 15–35 ms on the bench host and several times that on a phone; Lighthouse's
 * simulation leaves out tasks under 10 ms and counts longer ones in full. The pieces are React
 * Router's own, exported as UNSAFE_ for this; an upgrade that changes them fails the type check
 * or every e2e.
 */
export async function startAppRouter(): Promise<AppRouter> {
  const history = createBrowserHistory();
  await nextTask();
  const router = createRouter({ routes: appRoutes(), history, mapRouteProperties, hydrationRouteProperties });
  await nextTask();
  return router.initialize();
}

/**
 * Every route of the app. Screens are lazy modules exporting `Component` (and
 * `loader` where they need data). The /app layout module brings TanStack
 * Query, Radix and lucide, so the public pages stay small.
 */
const appRoutes = (): RouteObject[] => [
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
              { path: 'impostazioni/passkey', lazy: lazyRoute(() => import('../settings/passkeys-page.tsx')) },
              { path: 'impostazioni/regole', lazy: lazyRoute(() => import('../fairness/rules-page.tsx')) },
              { path: 'equita', lazy: lazyRoute(() => import('../fairness/fairness-page.tsx')) },
              { path: 'richieste/:bookingId', lazy: lazyRoute(() => import('../fairness/request-page.tsx')) },
              { path: 'prenotazioni/:userId', lazy: lazyRoute(() => import('../bookings/bookings-page.tsx')) },
              { path: 'conti', lazy: lazyRoute(() => import('../accounts/accounts-page.tsx')) },
              { path: 'statistiche', lazy: lazyRoute(() => import('../admin/statistics-page.tsx')) },
              { path: 'attivita', lazy: lazyRoute(() => import('../history/activity-page.tsx')) },
              { path: 'scorte', lazy: lazyRoute(() => import('../supplies/supplies-page.tsx')) },
              { path: 'lavori', lazy: lazyRoute(() => import('../tasks/tasks-page.tsx')) },
              { path: 'utenti', lazy: lazyRoute(() => import('../admin/users-page.tsx')) },
              { path: '*', lazy: notFound },
            ],
          },
        ],
      },
      { path: '*', lazy: notFound },
    ],
  },
];
