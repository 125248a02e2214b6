import { formatMonth, sameDayMonthsAway } from '@rustico/core';
import { request as playwrightRequest, type APIRequestContext, type TestInfo } from '@playwright/test';
import { CalendarPage, display, iso, monthAhead, monthsFromNow, monthTitle, type Month } from './pages/calendar-page.ts';
import { Shell } from './pages/shell.ts';
import { DEMO_PASSWORD, demo, emailOf, type DemoPerson } from './support/demo.ts';
import { expect, loginAs, test } from './support/fixtures.ts';

/*
 * Every test books in its own month, far beyond the demo's bookings, and the
 * two projects (which share one server) use different months.
 */
function monthFor(testInfo: TestInfo, base: number): { offset: number; month: Month } {
  const offset = base + (testInfo.project.name === 'phone' ? 0 : 40);
  return { offset, month: monthAhead(offset) };
}

const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'phone';

/** An API client logged in as someone, for setting the scene quickly. */
async function apiAs(testInfo: TestInfo, person: DemoPerson): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: testInfo.project.use.baseURL! });
  const response = await api.post('/api/session', { data: { email: emailOf(person), password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  return api;
}

async function book(api: APIRequestContext, start: string, end: string, purpose = 'personal'): Promise<string> {
  const response = await api.post('/api/bookings', { data: { start, end, purpose } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { booking: { id: string } }).booking.id;
}

test.beforeEach(async ({ page }) => loginAs(page, demo.member));

test('the month grid: title, arrows, weekdays, 42 days from Monday, today marked', async ({ page }) => {
  const calendar = new CalendarPage(page);
  await calendar.goto();
  const now = monthAhead(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Calendario' })).toBeVisible();
  await expect(calendar.title).toHaveText(new RegExp(`${now.year}$`));
  await expect(page.locator('button[data-day]')).toHaveCount(42);
  await expect(page.locator('button[data-day]').first()).toHaveAttribute('data-day', /\d{4}-\d{2}-\d{2}/);
  const firstDay = await page.locator('button[data-day]').first().getAttribute('data-day');
  expect(new Date(`${firstDay}T00:00:00Z`).getUTCDay()).toBe(1);
  await expect(page.locator('[aria-current="date"]')).toHaveCount(1);
  await calendar.next.click();
  await expect(calendar.title).toHaveText(/\d{4}$/);
  await calendar.previous.click();
  await expect(page.locator('[aria-current="date"]')).toHaveCount(1);
});

test('tap-tap books free days; the booking is drawn and the selection cleared', async ({ page }, testInfo) => {
  const { offset, month } = monthFor(testInfo, 18);
  const calendar = new CalendarPage(page, isPhone(testInfo));
  await calendar.gotoMonth(offset);
  await expect(calendar.emptyHint).toBeVisible();
  await calendar.tap(display(month, 10));
  await calendar.tap(display(month, 12));
  await expect(calendar.fact('Arrivo')).toHaveText(display(month, 10));
  await expect(calendar.fact('Partenza')).toHaveText(display(month, 12));
  await expect(calendar.fact('Notti')).toHaveText('2');
  await expect(page.getByText('CHF 100.-')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Scopo' })).toContainText('Personale');
  await calendar.save.click();
  await calendar.expectBookedBy(display(month, 10), demo.member.name);
  await calendar.expectBookedBy(display(month, 11), demo.member.name);
  // The departure day stays free for the next arrival.
  await calendar.expectFree(display(month, 12));
  await expect(calendar.emptyHint).toBeVisible();
  await expect(page.locator('button[data-day][aria-pressed="true"]')).toHaveCount(0);
});

test('a double tap on Salva books once and says it is saved, without an error', async ({ page }, testInfo) => {
  const { offset, month } = monthFor(testInfo, 33);
  const calendar = new CalendarPage(page, isPhone(testInfo));
  await calendar.gotoMonth(offset);
  await calendar.tap(display(month, 3));
  await calendar.tap(display(month, 5));
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/bookings') requests.push(request.headers()['idempotency-key'] ?? '');
  });
  // Both taps in one task, before React draws the first one's pending state: the worst double tap.
  await calendar.save.evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
  await expect(page.getByText('Prenotazione salvata', { exact: true })).toHaveCount(1);
  await calendar.expectBookedBy(display(month, 3), demo.member.name);
  await expect(page.getByText('Queste date sono già prenotate')).toHaveCount(0);
  await expect(calendar.emptyHint).toBeVisible();
  // However many requests left, they carried one key: one booking.
  expect(new Set(requests).size).toBe(1);
  expect(requests[0]).toMatch(/^[0-9a-f]{32}$/);
  const api = await apiAs(testInfo, demo.member);
  const stays = (await (await api.get(`/api/bookings?from=${iso(month, 1)}&to=${iso(month, 28)}`)).json()) as { bookings: { start: string }[] };
  expect(stays.bookings.filter((booking) => booking.start === iso(month, 3))).toHaveLength(1);
  await api.dispose();
});

test('an earlier second tap swaps arrival and departure; a third tap clears', async ({ page }, testInfo) => {
  const { offset, month } = monthFor(testInfo, 19);
  const calendar = new CalendarPage(page, isPhone(testInfo));
  await calendar.gotoMonth(offset);
  await calendar.tap(display(month, 15));
  await expect(calendar.fact('Arrivo')).toHaveText(display(month, 15));
  await calendar.tap(display(month, 12));
  await expect(calendar.fact('Arrivo')).toHaveText(display(month, 12));
  await expect(calendar.fact('Partenza')).toHaveText(display(month, 15));
  await expect(page.locator('button[data-day][aria-pressed="true"]')).toHaveCount(4);
  await calendar.tap(display(month, 20));
  await expect(calendar.emptyHint).toBeVisible();
  await expect(page.locator('button[data-day][aria-pressed="true"]')).toHaveCount(0);
});

test("the phone's Back while choosing dates clears the choice and stays on the calendar", async ({ page }, testInfo) => {
  const { offset, month } = monthFor(testInfo, 21);
  const calendar = new CalendarPage(page, isPhone(testInfo));
  await page.goto('/app');
  await calendar.gotoMonth(offset);
  const address = page.url();
  await calendar.tap(display(month, 8));
  await calendar.tap(display(month, 10));
  await expect(calendar.fact('Partenza')).toHaveText(display(month, 10));

  await page.goBack();
  await expect(calendar.emptyHint).toBeVisible();
  await expect(page.locator('button[data-day][aria-pressed="true"]')).toHaveCount(0);
  expect(page.url()).toBe(address);
  await expect(calendar.title).toHaveText(monthTitle(month));

  // A choice cleared by a tap leaves no step behind: Back then leaves the calendar, as before choosing.
  await calendar.tap(display(month, 8));
  await expect(calendar.fact('Arrivo')).toHaveText(display(month, 8));
  await calendar.tap(display(month, 10));
  await calendar.tap(display(month, 20));
  await expect(calendar.emptyHint).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/app$/);

  // Leaving the calendar while choosing, then coming back: one Back returns to it, the next leaves it.
  await page.goForward();
  await calendar.tap(display(month, 8));
  await expect(calendar.fact('Arrivo')).toHaveText(display(month, 8));
  await new Shell(page).nav.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/app$/);
  await page.goBack();
  await expect(calendar.title).toHaveText(monthTitle(month));
  await expect(calendar.emptyHint).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/app$/);
});

test('press, hold and drag selects a range (mouse on desktop, finger on phone)', { tag: '@desktop' }, async ({ page }, testInfo) => {
  const { offset, month } = monthFor(testInfo, 20);
  const calendar = new CalendarPage(page, isPhone(testInfo));
  await calendar.gotoMonth(offset);
  await calendar.holdAndDrag(display(month, 14), display(month, 17));
  await expect(calendar.fact('Arrivo')).toHaveText(display(month, 14));
  await expect(calendar.fact('Partenza')).toHaveText(display(month, 17));
  await expect(calendar.fact('Notti')).toHaveText('3');
  // Dragging backwards also works: the earlier day is the arrival.
  await calendar.holdAndDrag(display(month, 22), display(month, 20));
  await expect(calendar.fact('Arrivo')).toHaveText(display(month, 20));
  await expect(calendar.fact('Partenza')).toHaveText(display(month, 22));
  await calendar.save.click();
  await calendar.expectBookedBy(display(month, 20), demo.member.name);
  await calendar.expectBookedBy(display(month, 21), demo.member.name);
  await expect(calendar.emptyHint).toBeVisible();
});

test('a taken day shows its booking and cannot be part of a new selection', async ({ page }, testInfo) => {
  // Outside the peak periods (an August 10–20 stay would be a request, which other requests may overlap).
  const { offset, month } = monthFor(testInfo, 31);
  const sofia = await apiAs(testInfo, demo.member2);
  await book(sofia, iso(month, 10), iso(month, 13));
  const calendar = new CalendarPage(page, isPhone(testInfo));
  await calendar.gotoMonth(offset);
  await calendar.expectBookedBy(display(month, 11), demo.member2.name);
  // Tapping a taken day opens that booking, read-only for someone else.
  await calendar.tap(display(month, 11));
  await expect(page.getByRole('heading', { name: 'Prenotazione', exact: true })).toBeVisible();
  await expect(calendar.fact('Soggiorno di')).toHaveText(demo.member2.name);
  await expect(calendar.fact('Arrivo')).toHaveText(display(month, 10));
  await expect(calendar.fact('Check-in')).toHaveText('Da fare');
  await expect(calendar.fact('Pagamento')).toHaveText('Non pagato');
  await expect(page.getByRole('button', { name: 'Modifica' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Elimina' })).toHaveCount(0);
  // A range through the taken days is refused.
  await calendar.tap(display(month, 8));
  await calendar.tap(display(month, 15));
  await expect(page.getByText('Alcuni giorni sono già prenotati').first()).toBeVisible();
  await expect(calendar.fact('Partenza')).toHaveText(display(month, 8));
  await expect(calendar.day(display(month, 15))).toHaveAttribute('aria-pressed', 'false');
  await page.getByRole('button', { name: 'Annulla selezione' }).click();
  await expect(calendar.emptyHint).toBeVisible();
  // Dragging across it is refused too.
  await calendar.holdAndDrag(display(month, 16), display(month, 9));
  await expect(page.getByText('Alcuni giorni sono già prenotati').first()).toBeVisible();
  await expect(page.locator('button[data-day][aria-pressed="true"]')).toHaveCount(0);
  await expect(calendar.emptyHint).toBeVisible();
  // The departure day is free for a new arrival (changeover).
  await calendar.tap(display(month, 13));
  await calendar.tap(display(month, 15));
  await expect(calendar.fact('Arrivo')).toHaveText(display(month, 13));
  await expect(calendar.fact('Partenza')).toHaveText(display(month, 15));
  await sofia.dispose();
});

test('the owner edits dates and purpose (cost follows) and deletes with the dialog', async ({ page }, testInfo) => {
  const { offset, month } = monthFor(testInfo, 22);
  const luca = await apiAs(testInfo, demo.member);
  await book(luca, iso(month, 10), iso(month, 12));
  const calendar = new CalendarPage(page, isPhone(testInfo));
  await calendar.gotoMonth(offset);
  await calendar.tap(display(month, 10));
  await expect(calendar.fact('Costo')).toHaveText('CHF 100.-');
  await page.getByRole('button', { name: 'Modifica' }).click();
  await expect(page.getByRole('heading', { name: 'Modifica prenotazione' })).toBeVisible();
  await page.getByLabel('Partenza').fill(display(month, 14));
  await expect(page.getByText('CHF 200.-')).toBeVisible();
  await page.getByRole('combobox', { name: 'Scopo' }).click();
  await page.getByRole('option', { name: 'Manutenzione/lavori' }).click();
  await expect(page.getByText('Nessun costo')).toBeVisible();
  await calendar.save.click();
  await expect(calendar.fact('Partenza')).toHaveText(display(month, 14));
  await expect(calendar.fact('Scopo')).toHaveText('Manutenzione/lavori');
  await expect(calendar.fact('Costo')).toHaveText('Nessun costo');
  await calendar.expectBookedBy(display(month, 13), demo.member.name);

  await page.getByRole('button', { name: 'Elimina' }).click();
  const dialog = page.getByRole('dialog', { name: 'Elimina prenotazione' });
  await expect(dialog).toContainText('Sei sicuro di voler eliminare la prenotazione?');
  await dialog.getByRole('button', { name: 'Annulla' }).click();
  await expect(dialog).toBeHidden();
  await calendar.expectBookedBy(display(month, 10), demo.member.name);
  await page.getByRole('button', { name: 'Elimina' }).click();
  await dialog.getByRole('button', { name: 'Elimina' }).click();
  await expect(dialog).toBeHidden();
  await calendar.expectFree(display(month, 10));
  await calendar.expectFree(display(month, 13));
  await expect(calendar.emptyHint).toBeVisible();
  await luca.dispose();
});

test('an admin may delete someone else’s booking', async ({ page }, testInfo) => {
  const { offset, month } = monthFor(testInfo, 26);
  const sofia = await apiAs(testInfo, demo.member2);
  // The 8th to the 10th: clear of Natale e Capodanno when this month is a January.
  await book(sofia, iso(month, 8), iso(month, 10));
  await sofia.dispose();
  await loginAs(page, demo.admin);
  const calendar = new CalendarPage(page, isPhone(testInfo));
  await calendar.gotoMonth(offset);
  await calendar.expectBookedBy(display(month, 8), demo.member2.name);
  await calendar.tap(display(month, 8));
  await expect(page.getByRole('button', { name: 'Modifica' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Elimina' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Elimina' }).click();
  await calendar.expectFree(display(month, 8));
});

test('another member sees a new booking appear and disappear without reloading', async ({ page, browser }, testInfo) => {
  const { offset, month } = monthFor(testInfo, 23);
  const use = testInfo.project.use;
  const other = await browser.newContext({
    baseURL: use.baseURL,
    viewport: use.viewport,
    hasTouch: use.hasTouch,
    isMobile: use.isMobile,
    locale: use.locale,
    timezoneId: use.timezoneId,
    serviceWorkers: 'block',
  });
  const sofiaPage = await other.newPage();
  await loginAs(sofiaPage, demo.member2);
  const sofiaCalendar = new CalendarPage(sofiaPage);
  await sofiaCalendar.gotoMonth(offset);
  await sofiaCalendar.expectFree(display(month, 10));

  const calendar = new CalendarPage(page, isPhone(testInfo));
  await calendar.gotoMonth(offset);
  await calendar.tap(display(month, 10));
  await calendar.tap(display(month, 11));
  await calendar.save.click();
  await calendar.expectBookedBy(display(month, 10), demo.member.name);

  await sofiaCalendar.expectBookedBy(display(month, 10), demo.member.name);
  await calendar.tap(display(month, 10));
  await page.getByRole('button', { name: 'Elimina' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Elimina' }).click();
  await sofiaCalendar.expectFree(display(month, 10));
  await other.close();
});

test('keyboard only: one tab stop, arrows, Home/End, Page Down, Enter and Space select, Tab to Salva books', { tag: '@desktop' }, async ({ page }, testInfo) => {
  const { offset, month } = monthFor(testInfo, 27);
  const calendar = new CalendarPage(page);
  await calendar.goto();
  // One tab stop: a single day is in the tab order, today's.
  await expect(calendar.grid.locator('button[data-day][tabindex="0"]')).toHaveCount(1);
  await expect(calendar.grid.locator('button[data-day][tabindex="-1"]')).toHaveCount(41);
  const today = (await page.locator('button[aria-current="date"]').getAttribute('data-day'))!;
  await calendar.tabIntoGrid();
  expect(await calendar.focusedIso()).toBe(today);
  // Tab leaves the grid at once, Shift+Tab comes back to the same day.
  await page.keyboard.press('Tab');
  expect(await calendar.isFocusInGrid()).toBe(false);
  await page.keyboard.press('Shift+Tab');
  expect(await calendar.focusedIso()).toBe(today);

  // Page Down: the same day of the next month, shown with its title; with Shift, of the next year.
  await calendar.press('PageDown');
  await expect(calendar.title).toHaveText(monthTitle(monthAhead(1)));
  expect(await calendar.focusedIso()).toBe(sameDayMonthsAway(today, 1));
  await calendar.press('Shift+PageDown', Math.floor((offset - 1) / 12));
  await calendar.press('PageDown', (offset - 1) % 12);
  await expect(calendar.title).toHaveText(monthTitle(month));
  const landed = await calendar.focusedIso();
  expect(landed.slice(0, 7)).toBe(iso(month, 1).slice(0, 7));
  // End and Home: the week's Sunday and Monday.
  await page.keyboard.press('End');
  expect(new Date(`${await calendar.focusedIso()}T00:00:00Z`).getUTCDay()).toBe(0);
  await page.keyboard.press('Home');
  expect(new Date(`${await calendar.focusedIso()}T00:00:00Z`).getUTCDay()).toBe(1);
  // Arrows by a week and by a day, to the 10th.
  const monday = Number((await calendar.focusedIso()).slice(8));
  const weeks = Math.trunc((10 - monday) / 7);
  await calendar.press(weeks >= 0 ? 'ArrowDown' : 'ArrowUp', Math.abs(weeks));
  const day = Number((await calendar.focusedIso()).slice(8));
  await calendar.press(10 > day ? 'ArrowRight' : 'ArrowLeft', Math.abs(10 - day));
  expect(await calendar.focusedIso()).toBe(iso(month, 10));
  await expect(calendar.title).toHaveText(monthTitle(month));

  // Enter picks the arrival, Space the departure, as taps do.
  await page.keyboard.press('Enter');
  await expect(calendar.fact('Arrivo')).toHaveText(display(month, 10));
  expect(await calendar.focusedIso()).toBe(iso(month, 10));
  await calendar.press('ArrowRight', 2);
  expect(await calendar.focusedIso()).toBe(iso(month, 12));
  await page.keyboard.press(' ');
  await expect(calendar.fact('Partenza')).toHaveText(display(month, 12));
  await expect(calendar.fact('Notti')).toHaveText('2');
  await calendar.tabTo(calendar.save);
  await page.keyboard.press('Enter');
  await calendar.expectBookedBy(display(month, 10), demo.member.name);
  await calendar.expectBookedBy(display(month, 11), demo.member.name);
  await expect(calendar.emptyHint).toBeVisible();
});

test('the home card shows the next booking and opens the calendar', async ({ page }) => {
  await page.goto('/app');
  const card = page.getByRole('link', { name: /Prossima prenotazione/ });
  await expect(card).toBeVisible();
  await expect(card).toContainText(/\d{2}\.\d{2}\.\d{4} – \d{2}\.\d{2}\.\d{4}/);
  // It opens on the stay's month, with the stay in it.
  const arrival = (await card.textContent())!.match(/(\d{2})\.(\d{2})\.(\d{4}) –/)!;
  const month = { year: Number(arrival[3]), month: Number(arrival[2]) };
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/app/calendario\\?mese=${formatMonth(month)}$`));
  const calendar = new CalendarPage(page);
  await expect(calendar.title).toHaveText(monthTitle(month));
  await expect(calendar.day(`${arrival[1]}.${arrival[2]}.${arrival[3]}`)).toHaveAccessibleName(/, prenotato da /);
  // The navigation's Calendario opens today's month again, also after the arrows moved on.
  await calendar.next.click();
  await expect(calendar.title).toHaveText(monthTitle(monthAhead(monthsFromNow(month) + 1)));
  await new Shell(page).entry('Calendario').click();
  await expect(page).toHaveURL(/\/app\/calendario$/);
  await expect(calendar.title).toHaveText(monthTitle(monthAhead(0)));
});
