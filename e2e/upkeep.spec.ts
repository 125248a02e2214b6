import { mkdirSync } from 'node:fs';
import { request as playwrightRequest, type Page, type TestInfo } from '@playwright/test';
import { addDays, todayIn } from '@rustico/core';
import { iso, monthAhead } from './pages/calendar-page.ts';
import { RegisterPage } from './pages/register-page.ts';
import { createMember, loginAsMember, makePng } from './pages/settings-pages.ts';
import { HandoverFields, SuppliesPage, TasksPage, toKnowCard } from './pages/upkeep-pages.ts';
import { DEMO_PASSWORD, demo, emailOf } from './support/demo.ts';
import { expect, expectAccessible, loginAs, test } from './support/fixtures.ts';
import { bookAsAdminFor, checkInAndOut } from './support/stays.ts';

/*
 * Between stays, on the phone. The check-out's stay is booked by an administrator 110 months in
 * the past (check-in is open there, and no other spec books so far back: others take the months
 * ahead, daily-flows the years 2010–2013), the next member's previous stay 111 months back, so
 * «since their last stay» holds the handover. «Da sapere» is shown from the day before arrival
 * on the server's own clock, which a test cannot move: the next member's arrival is tomorrow, a
 * day visit, a day the demo keeps free (its stays are 17 days back and 6 ahead) and no other
 * spec books.
 */

const SCREENSHOTS = 'screenshots/upkeep';
const HOUSE_TIME_ZONE = 'Europe/Zurich';

async function shoot(page: Page, name: string, testInfo: TestInfo) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}/${name}-${testInfo.project.name}.png`, fullPage: true });
}

test('firewood «finito» at check-out with a problem and its photo; the next member reads «Da sapere» the day before arriving', async ({ page }, testInfo) => {
  const leaving = await createMember(testInfo, 'Lia Partenza');
  const arriving = await createMember(testInfo, 'Dario Arrivo');
  const month = monthAhead(-110);
  const stay = await bookAsAdminFor(leaving.id, { start: iso(month, 10), end: iso(month, 12) });
  // Dario's earlier stay, before Lia's; his next one is tomorrow.
  const before = monthAhead(-111);
  const earlier = await bookAsAdminFor(arriving.id, { start: iso(before, 10), end: iso(before, 11) });
  const dario = await playwrightRequest.newContext({ baseURL: testInfo.project.use.baseURL! });
  expect((await dario.post('/api/session', { data: { email: arriving.email, password: arriving.password } })).status()).toBe(200);
  await checkInAndOut(dario, earlier);
  const tomorrow = addDays(todayIn(HOUSE_TIME_ZONE), 1);
  await bookAsAdminFor(arriving.id, { start: tomorrow, end: tomorrow });

  await loginAsMember(page, leaving);
  const register = new RegisterPage(page);
  await register.goto(stay);
  await register.saveReadings(page.context().request, 30, register.checkoutCard, register.checkinCard);
  await expect(register.checkoutCard).toBeVisible();
  const handover = new HandoverFields(register.checkoutCard);
  await handover.supply('Legna', 'Finito').click();
  await expect(handover.supply('Legna', 'Finito')).toHaveAttribute('aria-pressed', 'true');
  await handover.problem.fill('Il rubinetto della doccia perde');
  await handover.photo.setInputFiles({ name: 'rubinetto.png', mimeType: 'image/png', buffer: makePng(64, [70, 110, 160]) });
  await handover.note.fill('Ho lasciato le chiavi del capanno appese in cucina.');
  await register.checkoutCard.getByRole('checkbox', { name: 'Ho completato la lista delle pulizie' }).check();
  await expectAccessible(page, 'the check-out with «Per chi arriva»');
  await shoot(page, 'checkout-handover', testInfo);
  await register.saveReadings(page.context().request, 40, register.paymentCard, register.checkoutCard);

  // The problem is a task for «chi c'è», with its photo.
  const tasks = new TasksPage(page);
  await tasks.goto();
  await expect(tasks.task('Il rubinetto della doccia perde')).toContainText('Segnalato al check-out');
  await expect(tasks.task('Il rubinetto della doccia perde').getByRole('img', { name: 'Foto di «Il rubinetto della doccia perde»' })).toBeVisible();

  // Dario, the day before his arrival.
  await page.context().clearCookies();
  await loginAsMember(page, arriving);
  const home = page;
  await home.goto('/app');
  const card = toKnowCard(home);
  await expect(card).toContainText('Ho lasciato le chiavi del capanno appese in cucina.');
  await expect(card).toContainText(leaving.name);
  await expect(card.getByRole('region', { name: 'Sta finendo' })).toContainText('Legna · Finito');
  await card.scrollIntoViewIfNeeded();
  await expectAccessible(home, 'Home with «Da sapere»');
  await shoot(home, 'home-to-know', testInfo);
  await dario.dispose();
});

test('«Lo porto io»: a member claims what is low and brings it', async ({ page }, testInfo) => {
  const member = await createMember(testInfo, 'Bea Scorte');
  await loginAsMember(page, member);
  const supplies = new SuppliesPage(page);
  await supplies.goto();
  await supplies.state('Carta igienica', 'Poco').click();
  await expect(supplies.state('Carta igienica', 'Poco')).toHaveAttribute('aria-pressed', 'true');
  await supplies.item('Carta igienica').getByRole('button', { name: 'Lo porto io' }).click();
  await expect(supplies.item('Carta igienica')).toContainText('Lo porti tu');
  // Luca sees who brings it.
  const luca = await playwrightRequest.newContext({ baseURL: testInfo.project.use.baseURL! });
  expect((await luca.post('/api/session', { data: { email: emailOf(demo.member), password: DEMO_PASSWORD } })).status()).toBe(200);
  const seen = ((await (await luca.get('/api/supplies')).json()) as { supplies: { name: string; claimedByName: string | null }[] }).supplies;
  expect(seen.find((supply) => supply.name === 'Carta igienica')?.claimedByName).toBe(member.name);
  await luca.dispose();
  await shoot(page, 'supplies', testInfo);
  await supplies.item('Carta igienica').getByRole('button', { name: 'Portato' }).click();
  await expect(supplies.state('Carta igienica', 'C’è')).toHaveAttribute('aria-pressed', 'true');
  await expect(supplies.item('Carta igienica')).not.toContainText('Lo porti tu');
});

test('an administrator renames a supply; a yearly task done comes back next year', async ({ page }, testInfo) => {
  await loginAs(page, demo.admin);
  const supplies = new SuppliesPage(page);
  await supplies.goto();
  await supplies.item('Lampadine E27').getByRole('button', { name: 'Rinomina Lampadine E27' }).click();
  await page.getByLabel('Nuovo nome di Lampadine E27').fill('Lampadine E27 ed E14');
  await page.getByRole('button', { name: 'Salva', exact: true }).click();
  await expect(supplies.item('Lampadine E27 ed E14')).toBeVisible();

  const tasks = new TasksPage(page);
  await tasks.goto();
  const water = tasks.task('Aprire l’acqua');
  const window = (await water.textContent()) ?? '';
  const year = Number(/dal \d\d\.\d\d\.(\d{4})/.exec(window)?.[1]);
  await shoot(page, 'tasks', testInfo);
  await tasks.markDone('Aprire l’acqua', 'Aperta, tutto a posto.');
  await expect(water).toContainText(`dal 01.04.${year + 1} al 30.04.${year + 1}`);
  await expect(water).toContainText(`Fatto da ${demo.admin.name}`);
});

test('a task changed by someone else meanwhile: the admin sees both values and applies the ones typed, on the new version', async ({ page }) => {
  await loginAs(page, demo.admin);
  const title = `Verniciare la staccionata ${Date.now().toString(36)}`;
  const today = todayIn(HOUSE_TIME_ZONE);
  const created = await page.request.post('/api/tasks', { data: { title, yearly: false, from: today, to: addDays(today, 30) } });
  expect(created.status()).toBe(201);
  const { task } = (await created.json()) as { task: { id: string; version: number } };

  const tasks = new TasksPage(page);
  await tasks.goto();
  const dialog = await tasks.edit(title);
  await dialog.getByLabel('Cosa c’è da fare').fill(`${title} e il cancello`);
  // Another tab saves a note on the version the dialog was opened on.
  const meanwhile = await page.request.put(`/api/tasks/${task.id}`, {
    data: { title, note: 'Vernice verde in cantina', yearly: false, from: today, to: addDays(today, 30) },
    headers: { 'If-Match': String(task.version) },
  });
  expect(meanwhile.status()).toBe(200);
  await dialog.getByRole('button', { name: 'Salva', exact: true }).click();

  const stale = dialog.getByRole('alert');
  await expect(stale).toContainText('Modificato nel frattempo');
  await expect(stale).toContainText('Vernice verde in cantina');
  await stale.getByRole('button', { name: 'Applica le mie' }).click();
  await expect(dialog).toBeHidden();
  await expect(tasks.task(`${title} e il cancello`)).toBeVisible();
  await expect(tasks.task(title)).toHaveCount(0);
});
