import { expect, type Locator, type Page } from '@playwright/test';

/** A screen of the app, and what shows that it has drawn its data. */
export interface Screen {
  name: string;
  /** The path; `{me}` is the logged-in member's id. */
  path: string;
  /** Whether it needs a session (the others are seen logged out). */
  loggedIn: boolean;
  ready: (page: Page) => Locator;
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name });

/** Every screen a member, an administrator or a visitor reaches. */
export const SCREENS: readonly Screen[] = [
  { name: 'login', path: '/login', loggedIn: false, ready: (page) => page.getByRole('button', { name: 'Login', exact: true }) },
  { name: 'forgotten password', path: '/password-dimenticata', loggedIn: false, ready: heading(/password/i) },
  { name: 'visitor page', path: '/visitatore', loggedIn: false, ready: heading(/Corzoneso/) },
  { name: '404', path: '/non/esiste', loggedIn: false, ready: (page) => page.getByRole('heading', { name: 'NOT FOUND' }) },
  { name: 'Home', path: '/app', loggedIn: true, ready: (page) => page.getByRole('link', { name: /Prossima prenotazione/ }) },
  { name: 'calendar', path: '/app/calendario', loggedIn: true, ready: (page) => page.getByRole('grid') },
  { name: 'Gestione, Registra', path: '/app/gestione', loggedIn: true, ready: (page) => page.getByRole('combobox', { name: 'Seleziona prenotazione' }) },
  { name: 'Gestione, Note', path: '/app/gestione#note', loggedIn: true, ready: (page) => page.getByRole('tabpanel', { name: 'Note' }).getByRole('listitem').first() },
  { name: 'tutorials', path: '/app/tutorial', loggedIn: true, ready: heading('Tutorial') },
  { name: 'a tutorial', path: '/app/tutorial/arrivo', loggedIn: true, ready: heading('Arrivo') },
  { name: 'settings', path: '/app/impostazioni', loggedIn: true, ready: (page) => page.getByRole('button', { name: 'Logout' }) },
  { name: 'profile', path: '/app/impostazioni/profilo', loggedIn: true, ready: (page) => page.getByLabel('Email') },
  { name: 'password', path: '/app/impostazioni/password', loggedIn: true, ready: heading(/password/i) },
  { name: 'passkeys', path: '/app/impostazioni/passkey', loggedIn: true, ready: heading('Passkey') },
  { name: 'my bookings', path: '/app/prenotazioni/{me}', loggedIn: true, ready: (page) => page.getByRole('heading', { level: 2 }).first() },
  { name: 'all bookings', path: '/app/prenotazioni/0', loggedIn: true, ready: (page) => page.getByRole('heading', { level: 2 }).first() },
  { name: 'Conti', path: '/app/conti', loggedIn: true, ready: (page) => page.getByRole('region', { name: 'Saldi' }) },
  { name: 'statistics', path: '/app/statistiche', loggedIn: true, ready: (page) => page.getByRole('region', { name: /^Riepilogo del \d{4}$/ }) },
  { name: 'members', path: '/app/utenti', loggedIn: true, ready: (page) => page.getByRole('list', { name: 'Membri della casa' }) },
  { name: 'Scorte', path: '/app/scorte', loggedIn: true, ready: (page) => page.getByRole('list', { name: 'Scorte della casa' }) },
  { name: 'Lavori', path: '/app/lavori', loggedIn: true, ready: (page) => page.getByRole('list', { name: 'Da fare' }) },
];

/** Opens a screen and waits until it has drawn its data: its own sign, and no spinner left. */
export async function openScreen(page: Page, screen: Screen, me = ''): Promise<void> {
  await page.goto(screen.path.replace('{me}', me));
  await expect(screen.ready(page).first()).toBeVisible();
  await expect(page.locator('main [role="status"]:has(> [aria-hidden="true"])')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}
