import { request as playwrightRequest, type APIRequestContext, type TestInfo } from '@playwright/test';
import { CalendarPage, display, iso, monthAhead } from './pages/calendar-page.ts';
import { createMember, loginAsMember, type TestMember } from './pages/settings-pages.ts';
import { BookingSwaps, HomeSwaps } from './pages/swaps-pages.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';

/*
 * Swaps («scambio») and giving a stay («cedi») between members made fresh for each test, in
 * months no other spec uses and outside the demo's peak periods: 14 and 15 months ahead (phone),
 * 16 and 17 (desktop). The swap dialog lists stays up to three years ahead.
 */
const offsetFor = (testInfo: TestInfo, base: number) => base + (testInfo.project.name === 'phone' ? 0 : 2);

async function apiAs(testInfo: TestInfo, member: TestMember): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: testInfo.project.use.baseURL! });
  expect((await api.post('/api/session', { data: { email: member.email, password: member.password } })).status()).toBe(200);
  return api;
}

async function book(api: APIRequestContext, start: string, end: string) {
  const response = await api.post('/api/bookings', { data: { start, end, purpose: 'personal' } });
  expect(response.status(), await response.text()).toBe(201);
}

test('Anna proposes a swap, Bruno accepts it on Home, and the calendar shows each with the other’s dates', async ({ page, browser }, testInfo) => {
  const offset = offsetFor(testInfo, 14);
  const month = monthAhead(offset);
  const anna = await createMember(testInfo, 'Anna Scambio');
  const bruno = await createMember(testInfo, 'Bruno Scambio');
  await book(await apiAs(testInfo, anna), iso(month, 3), iso(month, 6));
  await book(await apiAs(testInfo, bruno), iso(month, 10), iso(month, 13));

  await loginAsMember(page, anna);
  const calendar = new CalendarPage(page, testInfo.project.use.hasTouch === true);
  await calendar.gotoMonth(offset);
  await calendar.tap(display(month, 4));
  const swaps = new BookingSwaps(page);
  await swaps.propose(`${bruno.name} · ${display(month, 10).slice(0, 6)}–${display(month, 13)}`);
  await expect(swaps.section).toContainText(`In attesa di ${bruno.name}`);
  await expect(swaps.section.getByRole('button', { name: 'Ritira' })).toBeVisible();
  await expectAccessible(page, 'the booking panel with a swap waiting');
  await page.screenshot({ path: testInfo.outputPath('booking-panel.png') });

  const brunoContext = await browser.newContext({ ...testInfo.project.use });
  const brunoPage = await brunoContext.newPage();
  await loginAsMember(brunoPage, bruno);
  const home = new HomeSwaps(brunoPage);
  await home.goto();
  await expect(home.row(anna.name)).toContainText(`ricevi ${display(month, 3)} – ${display(month, 6)}`);
  await brunoPage.screenshot({ path: testInfo.outputPath('home-card.png') });
  await home.accept(anna.name, 'Fatto: i soggiorni hanno cambiato titolare');
  await expect(home.card).toHaveCount(0);

  // Anna's calendar, live: the owners exchanged.
  await calendar.expectBookedBy(display(month, 4), bruno.name);
  await calendar.expectBookedBy(display(month, 11), anna.name);
  await brunoContext.close();
});

test('Anna gives a stay to the first on its waitlist, and Carla, who waited, accepts it', async ({ page, browser }, testInfo) => {
  const offset = offsetFor(testInfo, 15);
  const month = monthAhead(offset);
  const anna = await createMember(testInfo, 'Anna Cede');
  const carla = await createMember(testInfo, 'Carla Attesa');
  await book(await apiAs(testInfo, anna), iso(month, 17), iso(month, 21));
  const carlaApi = await apiAs(testInfo, carla);
  expect((await carlaApi.post('/api/waitlist', { data: { start: iso(month, 18), end: iso(month, 20) } })).status()).toBe(201);

  await loginAsMember(page, anna);
  const calendar = new CalendarPage(page, testInfo.project.use.hasTouch === true);
  await calendar.gotoMonth(offset);
  await calendar.tap(display(month, 18));
  const swaps = new BookingSwaps(page);
  await swaps.giveToFirstWaiting(carla.name);
  await expect(page.getByText(`Soggiorno offerto a ${carla.name}`, { exact: true })).toBeVisible();
  await expect(swaps.section).toContainText(`In attesa di ${carla.name}`);

  const carlaContext = await browser.newContext({ ...testInfo.project.use });
  const carlaPage = await carlaContext.newPage();
  await loginAsMember(carlaPage, carla);
  const home = new HomeSwaps(carlaPage);
  await home.goto();
  await expect(home.row(anna.name)).toContainText('Sei il primo in lista d’attesa');
  await home.accept(anna.name, 'Fatto: il soggiorno ora è tuo');

  await calendar.expectBookedBy(display(month, 18), carla.name);
  await carlaContext.close();
});
