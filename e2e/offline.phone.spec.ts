import { request as playwrightRequest, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { NotesPage, uniqueText } from './pages/notes-page.ts';
import { OfflineBanner } from './pages/offline.ts';
import { RegisterPage, nextReading } from './pages/register-page.ts';
import { SuppliesPage } from './pages/upkeep-pages.ts';
import { DEMO_PASSWORD, demo, emailOf, type DemoPerson } from './support/demo.ts';
import { expect, loginAs, test } from './support/fixtures.ts';
import { OwnServer } from './support/own-server.ts';

/*
 * At the house without signal. These tests stop and start the server, so they run on a server
 * of their own, one after the other, on the phone only (where the app is used at the house).
 * Each check-in is a day visit in the past, booked by Marco (an administrator may), on a day
 * the demo house leaves free.
 */
const server = new OwnServer(Number(process.env.E2E_PORT ?? 8181) + 50);

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: server.url, serviceWorkers: 'allow' });

test.beforeAll(async () => {
  // A fresh demo house of its own: seeding it takes a while on a busy machine.
  test.setTimeout(120_000);
  await server.start(true);
});
test.afterAll(async () => server.stop());

async function apiAs(person: DemoPerson): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: server.url });
  const response = await api.post('/api/session', { data: { email: emailOf(person), password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  return api;
}

function daysAgo(days: number): string {
  const date = new Date(Date.now() - days * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(date);
}

async function dayVisit(api: APIRequestContext, daysBack: number): Promise<string> {
  const day = daysAgo(daysBack);
  const response = await api.post('/api/bookings', { data: { start: day, end: day, purpose: 'personal' } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { booking: { id: string } }).booking.id;
}

async function notesWith(api: APIRequestContext, text: string): Promise<number> {
  const response = await api.get('/api/notes?limit=50');
  const { notes } = (await response.json()) as { notes: { text: string }[] };
  return notes.filter((note) => note.text === text).length;
}

async function checkedIn(api: APIRequestContext, id: string): Promise<boolean> {
  const { bookings } = (await (await api.get('/api/stays/open')).json()) as { bookings: { id: string; checkedIn: boolean }[] };
  return bookings.find((booking) => booking.id === id)?.checkedIn ?? false;
}

async function goOffline(context: BrowserContext, offline: boolean) {
  await context.setOffline(offline);
}

/**
 * Marco's day visit `daysBack` days ago, its Registra opened online (so the phone keeps it), then
 * the network cut and the check-in typed and saved: it waits in the outbox.
 */
async function checkInOffline(page: Page, context: BrowserContext, daysBack: number, note?: string) {
  const marco = await apiAs(demo.superadmin);
  const id = await dayVisit(marco, daysBack);
  await loginAs(page, demo.superadmin);
  const banner = new OfflineBanner(page);
  const register = new RegisterPage(page);
  await banner.installApp(`/app/gestione?booking=${id}`);
  await page.reload();
  await expect(register.checkinCard).toBeVisible();

  await goOffline(context, true);
  const typed = await nextReading(marco, 40);
  await register.fillReadings(typed);
  if (note) await register.note.fill(note);
  await register.save.click();
  await expect(banner.text('In attesa di connessione · 1')).toBeVisible();
  return { marco, id, banner, register, typed };
}

test('after one visit online, the app opens offline and shows a guide, Home and a stay\'s step', async ({ page, context }) => {
  await loginAs(page, demo.member);
  const banner = new OfflineBanner(page);
  await banner.installApp('/app');
  for (const path of ['/app', '/app/gestione', '/app/tutorial', '/app/tutorial/arrivo']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }

  await goOffline(context, true);
  await page.goto('/app/tutorial/arrivo');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Arrivo');
  await expect(page.getByRole('article').getByRole('heading', { level: 2, name: 'Appena arrivati' })).toBeVisible();
  await expect(banner.text(/^Offline · aggiornato alle \d\d:\d\d$/)).toBeVisible();

  await page.goto('/app');
  await expect(page.getByText(/^aggiornato alle \d\d:\d\d$/)).toBeVisible();
  // Home's answers came written into its page online, not through the service worker: the page kept them.
  await expect(page.getByText('il Rustico è di tutti noi', { exact: false })).toBeVisible();

  // A stay's step loads apart from Registra, when one is chosen: from the worker's cache too.
  const register = new RegisterPage(page);
  await register.goto();
  await register.selector.click();
  await page.getByRole('option').first().click();
  await expect(register.stepCard).toBeVisible();
  await goOffline(context, false);
});

test('a check-in saved offline is sent once the network is back, exactly once', async ({ page, context }) => {
  const { marco, id, banner, register } = await checkInOffline(page, context, 5, 'Arrivati senza campo');
  // The departure can be registered offline too: the check-in counts as done on the phone, and shows above it as waiting.
  await expect(register.checkoutCard).toBeVisible();
  await expect(register.waitingStep('Check-in in attesa')).toContainText('Nota: Arrivati senza campo');
  expect(await checkedIn(marco, id)).toBe(false);

  // Logging out now would lose it: the app asks first.
  await page.getByRole('link', { name: 'Impostaz.' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  const ask = page.getByRole('dialog', { name: 'Uscire con registrazioni non inviate?' });
  await expect(ask).toContainText('Registrazioni solo su questo telefono: 1.');
  await ask.getByRole('button', { name: 'Annulla' }).click();
  await page.getByRole('link', { name: 'Gestione' }).click();

  await goOffline(context, false);
  await expect(banner.text('Sincronizzato')).toBeVisible();
  await expect.poll(() => checkedIn(marco, id)).toBe(true);
  expect(await notesWith(marco, 'Arrivati senza campo')).toBe(1);
  await marco.dispose();
});

test('a check-in waiting on the phone shows at its step, «in attesa», and can be withdrawn before it is sent', async ({ page, context }) => {
  const { marco, id, banner, register } = await checkInOffline(page, context, 6, 'Check-in da ritirare');
  const waiting = register.waitingStep('Check-in in attesa');
  await expect(waiting).toContainText('Nota: Check-in da ritirare');
  await expect(register.checkoutCard).toBeVisible();

  await waiting.getByRole('button', { name: 'Ritira' }).click();
  const ask = page.getByRole('dialog', { name: 'Ritira il check-in' });
  await expect(ask).toContainText('Il check-in non sarà inviato: potrai registrarlo di nuovo.');
  await ask.getByRole('button', { name: 'Ritira' }).click();
  await expect(register.toast('Check-in ritirato')).toBeVisible();
  await expect(register.checkinCard).toBeVisible();
  await expect(waiting).toBeHidden();
  await expect(banner.text('In attesa di connessione')).toBeHidden();

  // The outbox is empty (the banner counts it), so back online nothing of it goes out.
  await goOffline(context, false);
  expect(await checkedIn(marco, id)).toBe(false);
  expect(await notesWith(marco, 'Check-in da ritirare')).toBe(0);
  await marco.dispose();
});

test('a note written offline is on the board at once, «in attesa», reread after a reload, and withdrawn', async ({ page, context }, testInfo) => {
  await loginAs(page, demo.member);
  const banner = new OfflineBanner(page);
  const notes = new NotesPage(page);
  await banner.installApp('/app/gestione#note');
  await page.reload();
  await expect(notes.textarea).toBeVisible();

  await goOffline(context, true);
  const kept = uniqueText(testInfo, 'Legna finita, scritto senza campo');
  const withdrawn = uniqueText(testInfo, 'Nota sbagliata');
  for (const text of [kept, withdrawn]) {
    await notes.textarea.fill(text);
    await notes.publish.click();
    await expect(notes.note(text)).toContainText('In attesa');
    await expect(notes.textarea).toHaveValue('');
  }
  await expect(banner.text('In attesa di connessione · 2')).toBeVisible();
  // Newest first, above the notes the server has.
  await expect(notes.list.getByRole('article').first()).toContainText(withdrawn);

  // The app opened again without a network still shows them.
  await page.reload();
  await expect(notes.note(kept)).toContainText('In attesa');
  await expect(notes.note(withdrawn)).toContainText('In attesa');

  await notes.note(withdrawn).getByRole('button', { name: 'Ritira' }).click();
  const ask = page.getByRole('dialog', { name: 'Ritira la nota' });
  await expect(ask).toContainText('La nota non sarà pubblicata.');
  await ask.getByRole('button', { name: 'Ritira' }).click();
  await expect(notes.note(withdrawn)).toHaveCount(0);
  await expect(banner.text('In attesa di connessione · 1')).toBeVisible();

  // Online again: the one kept is published once, no longer waiting; the withdrawn one never.
  await goOffline(context, false);
  await expect(banner.text('Sincronizzato')).toBeVisible();
  await expect(notes.note(kept)).toHaveCount(1);
  await expect(notes.note(kept)).not.toContainText('In attesa');
  const luca = await apiAs(demo.member);
  expect(await notesWith(luca, kept)).toBe(1);
  expect(await notesWith(luca, withdrawn)).toBe(0);
  await luca.dispose();
});

test('a check-in saved offline survives a server restart and a reopened app', async ({ page, context }) => {
  const { marco, id } = await checkInOffline(page, context, 4, 'Check-in durante il riavvio');
  await page.close();
  await marco.dispose();

  await server.stop();
  await goOffline(context, false);
  await server.start(false);

  // The member opens the app again: what waited on the phone goes out.
  const reopened = await context.newPage();
  await reopened.goto('/app');
  await expect(new OfflineBanner(reopened).text('Sincronizzato')).toBeVisible();
  const after = await apiAs(demo.superadmin);
  await expect.poll(() => checkedIn(after, id)).toBe(true);
  expect(await notesWith(after, 'Check-in durante il riavvio')).toBe(1);
  await after.dispose();
});

test('a check-in refused on reconnect shows the refusal at its step with the typed values kept', async ({ page, context }) => {
  const { marco, id, banner, register, typed } = await checkInOffline(page, context, 3);

  // Meanwhile someone else, with a network, records a much higher reading.
  const giulia = await apiAs(demo.admin);
  const other = await dayVisit(giulia, 2);
  const higher = await giulia.post(`/api/bookings/${other}/checkin`, { data: await nextReading(giulia, 1000) });
  expect(higher.status(), await higher.text()).toBe(200);

  await goOffline(context, false);
  await expect(banner.text('Da correggere · 1')).toBeVisible();
  await expect(register.checkinCard).toBeVisible();
  await expect(register.day).toHaveValue(String(typed.dayKwh));
  await expect(register.night).toHaveValue(String(typed.nightKwh));
  await expect(register.checkinCard.getByText('Dati non corretti').first()).toBeVisible();
  expect(await checkedIn(marco, id)).toBe(false);

  // Corrected and sent again, it goes through and the outbox is empty.
  await register.fillReadings(await nextReading(marco, 40));
  await register.save.click();
  await expect(register.checkoutCard).toBeVisible();
  await expect(banner.text('Da correggere')).toBeHidden();
  expect(await checkedIn(marco, id)).toBe(true);
  await marco.dispose();
  await giulia.dispose();
});

test('«Finito» marked at the house without signal shows at once, «In attesa», and is sent when the network is back', async ({ page, context }) => {
  const marco = await apiAs(demo.superadmin);
  const gas = async () => ((await (await marco.get('/api/supplies')).json()) as { supplies: { name: string; state: string }[] }).supplies.find((supply) => supply.name === 'Bombola del gas')?.state;
  expect(await gas()).toBe('ok');
  await loginAs(page, demo.superadmin);
  const banner = new OfflineBanner(page);
  await banner.installApp('/app/scorte');
  await page.reload();
  const supplies = new SuppliesPage(page);
  await expect(supplies.list).toBeVisible();

  await goOffline(context, true);
  await supplies.state('Bombola del gas', 'Finito').click();
  await expect(banner.text('In attesa di connessione · 1')).toBeVisible();
  await expect(supplies.state('Bombola del gas', 'Finito')).toHaveAttribute('aria-pressed', 'true');
  await expect(supplies.item('Bombola del gas')).toContainText('In attesa');
  expect(await gas()).toBe('ok');

  await goOffline(context, false);
  await expect(banner.text('Sincronizzato')).toBeVisible();
  await expect.poll(gas).toBe('out');
  await expect(supplies.item('Bombola del gas')).not.toContainText('In attesa');
  await marco.dispose();
});
