/**
 * The lazy modules each screen's first paint needs, by the path the server sends index.html
 * for (the router's `lazy` imports, src/app/router.tsx). The build turns them into the chunk
 * files (route-preloads.json) and the server names those in the page as modulepreloads, so
 * the browser fetches a screen's code in parallel with the entry instead of after it.
 * `session`: the page asks /api/session first thing, so the server preloads that too.
 * route-modules.test.ts checks that every lazy module of the router is here.
 */
import { HERO_SIZES, heroSrcSet } from '../home/hero-image.ts';
import { apiAddress, bookingsBetweenAddress, FIRST_DATA, PAGE_SLOTS, quotaAddress } from '../lib/api-paths.ts';

export interface RouteModules {
  /** A path of the router, `:name` for a segment. */
  path: string;
  /** Source files, relative to apps/web. */
  modules: readonly string[];
  session: boolean;
  /** A picture that is the screen's largest paint, preloaded too (the first source the browser supports). */
  image?: RouteImage;
  /**
   * API answers the screen's first paint waits for (its loader's, or the card that is its largest
   * paint). The server writes them into a member's page (or preloads one that is slow to come):
   * asked by the screen's code, they would leave only after the entry, the session and the
   * screen's chunk. The app's own request takes that answer (lib/page-answers.ts), so an address
   * here must be the one the query asks for. It may hold PAGE_SLOTS, which the server fills.
   */
  data?: readonly string[];
  /** A section of the navigation (app/shell.tsx): the screens a member lives in (bundling/chunking.ts keeps their kit small). */
  section?: true;
}

export interface RouteImage {
  type: string;
  srcset: string;
  sizes: string;
}

/** The logged-in app's layout (app/shell.tsx): its loader loads the whole catalog of the page's language (lib/i18n.ts). */
export const APP_SHELL = 'src/app/shell.tsx';

/** Whether a path's screen is inside the logged-in app's shell. */
export const inAppShell = (route: RouteModules): boolean => route.modules.includes(APP_SHELL);

const app = (path: string, module: string, first: Pick<RouteModules, 'image' | 'data' | 'section'> = {}): RouteModules => ({
  path,
  modules: [APP_SHELL, module],
  session: true,
  ...first,
});

export const ROUTE_MODULES: readonly RouteModules[] = [
  { path: '/', modules: [], session: true },
  { path: '/login', modules: ['src/auth/login-page.tsx'], session: true },
  { path: '/setup/:token', modules: ['src/auth/setup-page.tsx'], session: false },
  { path: '/password-dimenticata', modules: ['src/auth/forgot-password-page.tsx'], session: false },
  { path: '/nuova-password/:token', modules: ['src/auth/password-link-page.tsx'], session: false },
  { path: '/disiscrizione/:token', modules: ['src/auth/unsubscribe-page.tsx'], session: false },
  { path: '/visitatore', modules: ['src/visitor/visitor-page.tsx'], session: false },
  app('/app', 'src/home/home-page.tsx', {
    section: true,
    image: { type: 'image/avif', srcset: heroSrcSet('avif'), sizes: HERO_SIZES },
    // The cards Home's loader waits for (home-page.tsx).
    data: [
      FIRST_DATA.openStays,
      FIRST_DATA.notices,
      FIRST_DATA.undeliveredReminders,
      FIRST_DATA.toKnow,
      FIRST_DATA.pendingRequests,
      FIRST_DATA.turnRounds,
      FIRST_DATA.weather,
      FIRST_DATA.nextBooking,
      FIRST_DATA.latestNote,
      FIRST_DATA.houseLetter,
    ].map(apiAddress),
  }),
  // The calendar's loader (calendar-page.tsx): the month's stays, the rules, my quota, the turns.
  app('/app/calendario', 'src/calendar/calendar-page.tsx', {
    section: true,
    data: [
      bookingsBetweenAddress(PAGE_SLOTS.monthGridStart, PAGE_SLOTS.monthGridEnd),
      FIRST_DATA.houseRules,
      quotaAddress(PAGE_SLOTS.memberId, PAGE_SLOTS.monthYear),
      FIRST_DATA.turnRounds,
    ].map(apiAddress),
  }),
  // Registra's first card: my stays to check in, out or pay.
  app('/app/gestione', 'src/management/management-page.tsx', { section: true, data: [apiAddress(FIRST_DATA.openStays)] }),
  app('/app/tutorial', 'src/tutorial/tutorial-list-page.tsx', { section: true }),
  app('/app/tutorial/:tutorialId', 'src/tutorial/tutorial-page.tsx'),
  // The channel of each kind of message, the screen's largest block.
  app('/app/impostazioni', 'src/settings/settings-page.tsx', { section: true, data: [apiAddress(FIRST_DATA.notificationSettings)] }),
  app('/app/impostazioni/profilo', 'src/settings/profile-page.tsx'),
  app('/app/impostazioni/password', 'src/settings/password-page.tsx'),
  app('/app/impostazioni/passkey', 'src/settings/passkeys-page.tsx'),
  app('/app/impostazioni/regole', 'src/fairness/rules-page.tsx'),
  app('/app/equita', 'src/fairness/fairness-page.tsx'),
  app('/app/richieste/:bookingId', 'src/fairness/request-page.tsx'),
  app('/app/prenotazioni/:userId', 'src/bookings/bookings-page.tsx'),
  app('/app/conti', 'src/accounts/accounts-page.tsx'),
  app('/app/statistiche', 'src/admin/statistics-page.tsx'),
  app('/app/attivita', 'src/history/activity-page.tsx'),
  app('/app/utenti', 'src/admin/users-page.tsx'),
  app('/app/scorte', 'src/supplies/supplies-page.tsx'),
  app('/app/lavori', 'src/tasks/tasks-page.tsx'),
];

/** Modules the router loads lazily for pages outside this table (the 404). */
export const OTHER_LAZY_MODULES: readonly string[] = ['src/errors/not-found-page.tsx'];
