import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { request as playwrightRequest, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { CalendarPage, display, iso, monthAhead } from './pages/calendar-page.ts';
import { RegisterPage, nextReading } from './pages/register-page.ts';
import { SIDE_BAR_MIN_WIDTH } from './pages/shell.ts';
import { createMember, loginAsMember, type TestMember } from './pages/settings-pages.ts';
import { DEMO_PASSWORD, demo, emailOf } from './support/demo.ts';
import { expect, loginAs, test } from './support/fixtures.ts';
import { bookAsAdminFor, checkInAndOut } from './support/stays.ts';

/*
 * The daily flows on the phone; those tagged @layout also at 560, 768 and 1280 px
 * (projects phone, w560, w768, desktop share one server): each project books in its own month and acts as
 * members of its own, made fresh by the superadmin. Stays to come are booked
 * more than a year ahead (after the demo's summer turns) on the 7th to the
 * 9th, a day no peak period of the demo touches: they are instant bookings.
 */
const PROJECTS = ['phone', 'w560', 'w768', 'desktop'];
const slot = (testInfo: TestInfo) => PROJECTS.indexOf(testInfo.project.name);

async function apiAs(testInfo: TestInfo, email: string, password = DEMO_PASSWORD): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: testInfo.project.use.baseURL! });
  const response = await api.post('/api/session', { data: { email, password } });
  expect(response.status()).toBe(200);
  return api;
}

/** Nothing wider than the screen. */
async function expectNoHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/** A stay of `member`'s booked by an administrator in the past, checked in and out through the API: only the payment is left. */
async function unpaidStay(testInfo: TestInfo, member: TestMember, start: string, end: string): Promise<string> {
  const id = await bookAsAdminFor(member.id, { start, end });
  const api = await apiAs(testInfo, member.email, member.password);
  await checkInAndOut(api, id);
  await api.dispose();
  return id;
}

test('a booking on a phone: the bar above the navigation shows the stay and its save button without scrolling', { tag: '@layout' }, async ({ page }, testInfo) => {
  await loginAs(page, demo.member);
  const offset = 44 + slot(testInfo);
  const month = monthAhead(offset);
  const calendar = new CalendarPage(page, testInfo.project.use.hasTouch === true);
  await calendar.gotoMonth(offset);
  await calendar.tap(display(month, 7));
  await calendar.tap(display(month, 9));
  await expect(calendar.fact('Arrivo')).toHaveText(display(month, 7));
  await expect(calendar.fact('Partenza')).toHaveText(display(month, 9));
  await expect(calendar.fact('Notti')).toHaveText('2');
  await expect(calendar.fact('Costo')).toHaveText('CHF 100.-');

  const viewport = page.viewportSize()!;
  const save = (await calendar.save.boundingBox())!;
  const cancel = (await page.getByRole('button', { name: 'Annulla selezione' }).boundingBox())!;
  // In view and not covered by the navigation or anything else.
  expect(save.y).toBeGreaterThanOrEqual(0);
  expect(save.y + save.height).toBeLessThanOrEqual(viewport.height);
  const centre = { x: save.x + save.width / 2, y: save.y + save.height / 2 };
  expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent, centre)).toBe('Salva');
  // "Annulla selezione" on one line: as tall as Salva.
  expect(cancel.height).toBe(save.height);
  const nav = page.getByRole('navigation', { name: 'Navigazione principale' });
  if (viewport.width < SIDE_BAR_MIN_WIDTH) expect(save.y + save.height).toBeLessThanOrEqual((await nav.boundingBox())!.y);
  // Day cells stay 44 px wide; nothing scrolls sideways.
  const cellWidths = await page.locator('button[data-day]').evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().width));
  expect(Math.min(...cellWidths)).toBeGreaterThanOrEqual(44);
  await expectNoHorizontalScroll(page);

  // Another month and back: the chosen range and the bar stay.
  await calendar.next.click();
  await expect(calendar.fact('Arrivo')).toHaveText(display(month, 7));
  await expect(calendar.fact('Partenza')).toHaveText(display(month, 9));
  await calendar.previous.click();

  const scrollY = await page.evaluate(() => window.scrollY);
  await page.mouse.click(centre.x, centre.y);
  await expect(page.getByText('Prenotazione salvata', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);
  await calendar.expectBookedBy(display(month, 8), demo.member.name);
});

test("an unpaid stay: Home's card leads straight to its payment, then disappears", { tag: '@layout' }, async ({ page }, testInfo) => {
  const member = await createMember(testInfo, 'Pia Pagamento');
  const year = 2017 - slot(testInfo);
  const id = await unpaidStay(testInfo, member, `${year}-03-10`, `${year}-03-12`);
  await loginAsMember(page, member);
  await page.goto('/app');
  const card = page.getByRole('link', { name: /Da pagare CHF/ });
  await expect(card).toBeVisible();
  await expect(card).toContainText(`10.03.${year} – 12.03.${year}`);
  await expectNoHorizontalScroll(page);
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/app/gestione\\?booking=${id}`));
  const register = new RegisterPage(page);
  await expect(register.paymentCard).toBeVisible();
  await register.method('Twint').check();
  await register.save.click();
  await expect(register.doneCard).toBeVisible();
  await page.goto('/app');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(member.name);
  await expect(page.getByRole('link', { name: /Da pagare CHF/ })).toHaveCount(0);
});

test('check-in opens on the arrival day: the day before Registra shows when, on the day the form is there', async ({ page }, testInfo) => {
  const member = await createMember(testInfo, 'Ada Arrivo');
  const year = 2013 - slot(testInfo);
  // A past stay, so the server's clock is past its arrival; the browser's clock is fixed around it.
  const marco = await apiAs(testInfo, emailOf(demo.superadmin));
  const booked = await marco.post('/api/bookings', { data: { start: `${year}-06-10`, end: `${year}-06-12`, purpose: 'personal', ownerId: member.id } });
  const id = ((await booked.json()) as { booking: { id: string } }).booking.id;
  await marco.dispose();
  await loginAsMember(page, member);
  const register = new RegisterPage(page);

  await page.clock.setFixedTime(new Date(`${year}-06-09T20:00:00+02:00`));
  await register.goto(id);
  await expect(page.getByRole('heading', { name: `Check-in dal 10.06.${year}` })).toBeVisible();
  await expect(register.checkinCard).toHaveCount(0);

  await page.clock.setFixedTime(new Date(`${year}-06-10T08:00:00+02:00`));
  await register.goto(id);
  await expect(register.checkinCard).toBeVisible();
  await register.saveReadings(page.context().request, 40, register.checkoutCard, register.checkinCard);

  // The server refuses a stay still to come, with the day it opens.
  const future = iso(monthAhead(60 + slot(testInfo)), 7);
  const api = await apiAs(testInfo, member.email, member.password);
  const ahead = await api.post('/api/bookings', { data: { start: future, end: iso(monthAhead(60 + slot(testInfo)), 9), purpose: 'personal' } });
  const early = await api.post(`/api/bookings/${((await ahead.json()) as { booking: { id: string } }).booking.id}/checkin`, { data: await nextReading(api, 1) });
  expect(early.status()).toBe(409);
  expect(((await early.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'CHECKIN_TOO_EARLY' });
  await api.dispose();
});

test('a German browser opens /login in German', { tag: '@layout' }, async ({ browser }, testInfo) => {
  const context = await browser.newContext({ ...testInfo.project.use, locale: 'de-CH' });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Willkommen im Rustico');
  await expect(page.getByLabel('Passwort', { exact: true })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await context.close();
});

/** A push service on loopback that records what it receives. */
async function fakePushService() {
  const received: Buffer[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push(Buffer.concat(chunks));
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { received, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

test('a language chosen on one device is the one at login on another, and in the push notifications', async ({ page, browser }, testInfo) => {
  const member = await createMember(testInfo, 'Greta Sprache');
  await loginAsMember(page, member);
  await page.goto('/app/impostazioni');
  await page.getByRole('button', { name: /^Lingua/ }).click();
  await page.getByRole('dialog').getByRole('radio', { name: 'Deutsch' }).check();
  await page.getByRole('dialog').getByRole('button', { name: 'Applica' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  // Another device, an Italian browser that never chose: German after login.
  const other = await browser.newContext({ ...testInfo.project.use, locale: 'it-CH' });
  const phone = await other.newPage();
  await phone.goto('/login');
  await expect(phone.locator('html')).toHaveAttribute('lang', 'it');
  await phone.getByLabel('Email', { exact: false }).first().fill(member.email);
  await phone.getByLabel('Password', { exact: true }).fill(member.password);
  await phone.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(phone).toHaveURL(/\/app$/);
  await expect(phone.locator('html')).toHaveAttribute('lang', 'de');
  await expect(phone.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Kalender', exact: true })).toBeVisible();
  // The device keeps the member's language (written once the page is idle) for its next /login.
  await expect.poll(() => phone.evaluate(() => localStorage.getItem('rustico.language'))).toBe('de');
  await other.clearCookies();
  await phone.goto('/login');
  await expect(phone.locator('html')).toHaveAttribute('lang', 'de');
  await other.close();

  // A push to the member's device arrives in German (decrypted as the browser would).
  const push = await fakePushService();
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  const subscribed = await page.context().request.post('/api/push/subscriptions', {
    data: { endpoint: `${push.url}/push/${member.id}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } },
  });
  expect(subscribed.status()).toBe(204);
  const sofia = await apiAs(testInfo, emailOf(demo.member2));
  await sofia.post('/api/notes', { data: { text: `Legna per ${member.name}` } });
  const ece = createRequire(import.meta.url)('http_ece') as { decrypt: (buffer: Buffer, params: object) => Buffer };
  const payloads = () => push.received.map((body) => JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8')) as { title: string; body: string });
  // Other specs' changes may reach the member first (a booking): waited for is the note's.
  await expect.poll(payloads).toContainEqual(expect.objectContaining({ title: `Neue Notiz von ${demo.member2.name}`, body: `Legna per ${member.name}` }));
  await page.context().request.post('/api/push/subscriptions/remove', { data: { endpoint: `${push.url}/push/${member.id}` } });
  await sofia.dispose();
  await push.close();
});

test("changing one's own password ends the other sessions and keeps this one", async ({ page }, testInfo) => {
  const member = await createMember(testInfo, 'Paolo Password');
  const laptop = await apiAs(testInfo, member.email, member.password);
  await loginAsMember(page, member);
  await page.goto('/app/impostazioni');
  await page.getByRole('link', { name: 'Cambia password' }).click();
  // The navigation still marks Settings on its sub-page.
  await expect(page.getByRole('navigation', { name: 'Navigazione principale' }).getByRole('link', { name: 'Impostaz.' })).toHaveAttribute('aria-current', 'page');
  await page.getByLabel('Password attuale').fill('sbagliata');
  await page.getByLabel('Nuova password').fill('polenta-e-funghi');
  await page.getByRole('button', { name: 'Cambia password' }).click();
  await expect(page.getByText('Password errata')).toBeVisible();
  await page.getByLabel('Password attuale').fill(member.password);
  await page.getByRole('button', { name: 'Cambia password' }).click();
  await expect(page.getByText('Password cambiata', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/impostazioni$/);
  expect((await laptop.get('/api/session')).status()).toBe(401);
  expect((await page.context().request.get('/api/session')).status()).toBe(200);
  await laptop.dispose();
});

test("an administrator books for a member who does not use the app; the member sees the stay as theirs", { tag: '@layout' }, async ({ page }, testInfo) => {
  const member = await createMember(testInfo, 'Nonna Rosa');
  await loginAs(page, demo.superadmin);
  const offset = 48 + slot(testInfo);
  const month = monthAhead(offset);
  const calendar = new CalendarPage(page, testInfo.project.use.hasTouch === true);
  await calendar.gotoMonth(offset);
  await calendar.tap(display(month, 7));
  await calendar.tap(display(month, 9));
  await page.getByRole('combobox', { name: 'Per chi' }).click();
  await page.getByRole('option', { name: member.name }).click();
  await calendar.save.click();
  await expect(page.getByText('Prenotazione salvata', { exact: true })).toBeVisible();
  await calendar.expectBookedBy(display(month, 8), member.name);
  await calendar.tap(display(month, 8));
  await expect(page.getByText(`Prenotata da ${demo.superadmin.name}`)).toBeVisible();

  await page.context().clearCookies();
  await loginAsMember(page, member);
  await page.goto(`/app/prenotazioni/${member.id}`);
  await page.getByRole('button', { name: `${display(month, 7)} – ${display(month, 9)}` }).click();
  await expect(page.locator('dl:visible dt', { hasText: 'Prenotata da' })).toBeVisible();
  await expect(page.locator('dl:visible dd', { hasText: demo.superadmin.name })).toBeVisible();
  await expectNoHorizontalScroll(page);
});
