import { mkdirSync } from 'node:fs';
import { request as playwrightRequest, type APIRequestContext, type TestInfo } from '@playwright/test';
import { CalendarPage, display, iso, monthAhead } from './pages/calendar-page.ts';
import { ActivityPage, StaleEditView } from './pages/changes-pages.ts';
import { DEMO_PASSWORD, demo, emailOf, type DemoPerson } from './support/demo.ts';
import { expect, expectAccessible, loginAs, test } from './support/fixtures.ts';

/*
 * Each test books in a month of its own, far beyond the demo's bookings and the other specs' (the
 * register spec's October of 2029 and 2030, the daily flows' 44 to 47 months ahead, fairness's 53).
 */

const SCREENSHOTS = 'screenshots/changes';

async function apiAs(testInfo: TestInfo, person: DemoPerson): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: testInfo.project.use.baseURL! });
  expect((await api.post('/api/session', { data: { email: emailOf(person), password: DEMO_PASSWORD } })).status()).toBe(200);
  return api;
}

test('two tabs edit one booking: the later sees who changed it and when, both values, and applies its own', { tag: '@desktop' }, async ({ page, context }, testInfo) => {
  // Months no other spec books in (daily-flows takes 44 to 51 and 60 to 63, calendar 18 to 33 and 58 to 73).
  const offset = testInfo.project.name === 'phone' ? 56 : 96;
  const month = monthAhead(offset);
  const luca = await apiAs(testInfo, demo.member);
  const booked = await luca.post('/api/bookings', { data: { start: iso(month, 14), end: iso(month, 18), purpose: 'personal' } });
  expect(booked.status()).toBe(201);
  await loginAs(page, demo.member);
  const second = await context.newPage();
  const touch = testInfo.project.use.hasTouch === true;
  const tabs = [new CalendarPage(page, touch), new CalendarPage(second, touch)];
  for (const tab of tabs) {
    await tab.gotoMonth(offset);
    await tab.tap(display(month, 14));
    await tab.page.getByRole('button', { name: 'Modifica' }).click();
  }
  // Tab A moves the departure to the 17th and saves.
  await page.getByLabel('Partenza').fill(display(month, 17));
  await tabs[0]!.save.click();
  await expect(tabs[0]!.fact('Partenza')).toHaveText(display(month, 17));

  // Tab B, still showing 14–18, moves the arrival to the 15th: told instead of overwriting A's change.
  await second.getByLabel('Arrivo').fill(display(month, 15));
  await tabs[1]!.save.click();
  const stale = new StaleEditView(second);
  await expect(stale.root).toContainText(`${demo.member.name} l’ha modificato il`);
  await expect(stale.row('Arrivo')).toContainText(`Ora (${demo.member.name}) ${display(month, 14)}Le tue modifiche ${display(month, 15)}`);
  await expect(stale.row('Partenza')).toContainText(`Ora (${demo.member.name}) ${display(month, 17)}Le tue modifiche ${display(month, 18)}`);
  await expectAccessible(second, 'the stale edit view');
  mkdirSync(SCREENSHOTS, { recursive: true });
  await stale.root.screenshot({ path: `${SCREENSHOTS}/stale-edit-${testInfo.project.name}.png` });
  await stale.applyMine.click();
  await expect(tabs[1]!.fact('Arrivo')).toHaveText(display(month, 15));
  await expect(tabs[1]!.fact('Partenza')).toHaveText(display(month, 18));

  // The booking's history tells the whole story.
  await second.getByRole('button', { name: 'Mostra la cronologia' }).click();
  const history = second.getByRole('list').filter({ hasText: 'Creata' });
  await expect(history.getByRole('listitem')).toHaveCount(3);
  await expect(history.getByRole('listitem').nth(1)).toContainText(`Partenza: ${display(month, 18)} → ${display(month, 17)}`);
  await expect(history.getByRole('listitem').nth(2)).toContainText(`Arrivo: ${display(month, 14)} → ${display(month, 15)}`);
  await luca.dispose();
});

test('«Attività» shows an administrator the house’s changes by member and kind, each leading to its thing', { tag: '@desktop' }, async ({ page }, testInfo) => {
  const offset = testInfo.project.name === 'phone' ? 57 : 97;
  const month = monthAhead(offset);
  const sofia = await apiAs(testInfo, demo.member2);
  const booked = await sofia.post('/api/bookings', { data: { start: iso(month, 5), end: iso(month, 7), purpose: 'personal' } });
  expect(booked.status()).toBe(201);
  const { booking } = (await booked.json()) as { booking: { id: string; version: number } };
  const moved = await sofia.put(`/api/bookings/${booking.id}`, { data: { start: iso(month, 5), end: iso(month, 8), purpose: 'personal' }, headers: { 'If-Match': String(booking.version) } });
  expect(moved.status()).toBe(200);

  await loginAs(page, demo.admin);
  const activity = new ActivityPage(page);
  await activity.goto();
  await activity.filter('Chi', demo.member2.name);
  await activity.filter('Cosa', 'Prenotazioni');
  const entry = activity.entry(`Partenza: ${display(month, 7)} → ${display(month, 8)}`);
  await expect(entry).toContainText(`Modificata · Prenotazione ${display(month, 5)} – ${display(month, 8)} · ${demo.member2.name}`);
  await expect(entry).toContainText(demo.member2.name);
  await expect(activity.entry(`Arrivo: ${display(month, 5)}`).first()).toContainText('Creata');
  await expectAccessible(page, '«Attività»');
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}/activity-${testInfo.project.name}.png`, fullPage: true });
  await entry.getByRole('link').click();
  await expect(page).toHaveURL(/\/app\/calendario\?/);
  await expect(new CalendarPage(page, true).title).toContainText(String(month.year));
  await sofia.dispose();
});

test('a member is refused «Attività», on the page and by the API', async ({ page }) => {
  await loginAs(page, demo.member);
  await page.goto('/app/attivita');
  await expect(page.getByText('Non hai accesso a questa pagina.')).toBeVisible();
  expect((await page.context().request.get('/api/activity')).status()).toBe(403);
});
