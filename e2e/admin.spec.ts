import { request as playwrightRequest, type Browser, type TestInfo } from '@playwright/test';
import { StatisticsPage, UsersPage } from './pages/admin-pages.ts';
import { LoginPage } from './pages/login-page.ts';
import { displayDate, isoDate } from './pages/register-page.ts';
import { DEMO_PASSWORD, EMAIL_DOMAIN, demo, emailOf, type DemoPerson } from './support/demo.ts';
import { expect, expectAccessible, loginAs, test } from './support/fixtures.ts';
import { bookAsAdminFor, checkInAndOut, sessionUserId } from './support/stays.ts';

/** A year full of demo stays: the demo has finished stays from ~11 months to ~3 weeks ago. */
function demoYear(): number {
  const sixWeeksAgo = new Date(Date.now() - 45 * 86_400_000);
  return Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric' }).format(sixWeeksAgo));
}

/** Unique per project and run: both projects share one server. */
function uniqueSuffix(testInfo: TestInfo): string {
  return `${testInfo.project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A past stay of `person`'s, booked by Giulia; `person` checks in and out through the API. */
async function checkedOutStayOf(testInfo: TestInfo, person: DemoPerson, stay: { start: string; end: string }) {
  const member = await playwrightRequest.newContext({ baseURL: testInfo.project.use.baseURL });
  expect((await member.post('/api/session', { data: { email: emailOf(person), password: DEMO_PASSWORD } })).status()).toBe(200);
  await checkInAndOut(member, await bookAsAdminFor(await sessionUserId(member), stay));
  await member.dispose();
}

async function freshContext(browser: Browser, testInfo: TestInfo) {
  const { baseURL, viewport, locale, timezoneId } = testInfo.project.use;
  return browser.newContext({ baseURL, viewport, locale, timezoneId, serviceWorkers: 'block' });
}

test.describe('statistics', () => {
  test('an admin corrects a meter reading: an implausible value is refused, the correction is kept with who and when', async ({ page }, testInfo) => {
    // A stay of Luca's of its own, in a year no other test uses (phone and desktop share one server).
    const year = testInfo.project.name === 'phone' ? 2006 : 2007;
    const stay = { start: isoDate(year, 3, 10), end: isoDate(year, 3, 12) };
    await checkedOutStayOf(testInfo, demo.member, stay);

    const stats = new StatisticsPage(page);
    await loginAs(page, demo.admin);
    await stats.goto();
    const row = stats.readingRow(demo.member.name, 'Partenza', `${displayDate(stay.start)} – ${displayDate(stay.end)}`);
    await expect(row).not.toContainText('Corretta da');
    await row.getByRole('button', { name: /Correggi la lettura di Luca Bernasconi/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Correggi lettura' });
    const day = dialog.getByLabel('kWh diurni');
    const original = await day.inputValue();
    await day.fill('500000');
    await dialog.getByRole('button', { name: 'Salva correzione' }).click();
    await expect(dialog.getByText('Lettura troppo alta rispetto alla precedente: controlla le cifre').first()).toBeVisible();
    await expectAccessible(page, 'the reading correction dialog with its error');
    // Saved as it was: nothing changes but the record of who looked at it, and when.
    await day.fill(original);
    await dialog.getByRole('button', { name: 'Salva correzione' }).click();
    await expect(page.getByText('Lettura corretta', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    const today = new Intl.DateTimeFormat('de-CH', { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
    await expect(row).toContainText(`Corretta da ${demo.admin.name} il ${today}`);
  });

  test('an admin sees the year in figures, charts and tables', async ({ page }) => {
    const year = demoYear();
    const stats = new StatisticsPage(page);
    await loginAs(page, demo.admin);
    await stats.goto(year);

    await expect(stats.summary).toBeVisible();
    await expect(stats.figure('Notti totali')).not.toHaveText('0');
    await expect(stats.figure('kWh totali')).not.toHaveText('0');
    await expect(stats.figure('Incasso pagato')).toContainText('CHF');

    await expect(page.locator('svg[role="img"]')).toHaveCount(3);
    const nights = stats.chart('Notti per membro');
    await expect(nights).toBeVisible();
    await expect(nights).toHaveAccessibleName(new RegExp(`notti per membro nel ${year}: .*${demo.superadmin.name} \\d+`));
    await expect(stats.chart('Occupazione per mese')).toHaveAccessibleName(/occupazione per mese/);
    await expect(stats.chart('kWh per mese')).toHaveAccessibleName(/kWh per mese/);

    const nightsTable = await stats.showNumbers('Notti per membro');
    await expect(nightsTable).toHaveAccessibleName(`Notti per membro nel ${year}`);
    for (const person of [demo.superadmin, demo.member, demo.member2]) {
      await expect(nightsTable.getByRole('row', { name: new RegExp(person.name) })).toBeVisible();
    }
    const occupancyTable = await stats.showNumbers('Occupazione per mese');
    await expect(occupancyTable.getByRole('row')).toHaveCount(13);
    await expect(occupancyTable.getByRole('row', { name: /^Agosto/ })).toBeVisible();
    await stats.showNumbers('kWh per mese');

    await expect(stats.card('Soggiorni conclusi non pagati')).toBeVisible();
    const stays = stats.card('kWh per soggiorno').getByRole('table');
    await expect(stays.getByRole('row', { name: new RegExp(demo.superadmin.name) }).first()).toContainText(/\d{2}\.\d{2}\.\d{4} – \d{2}\.\d{2}\.\d{4}/);
    await expectAccessible(page, 'the statistics');

    // A year without stays says so.
    await stats.goto(2001);
    await expect(page.getByText('Nessun soggiorno nel 2001.')).toBeVisible();
    await stats.nextYear.click();
    await expect(page.getByText('Nessun soggiorno nel 2002.')).toBeVisible();
    await expect(page).toHaveURL(/anno=2002/);
  });

  test('a member is refused the statistics, on the page and by the API', async ({ page }) => {
    const stats = new StatisticsPage(page);
    await loginAs(page, demo.member);
    await stats.goto();
    await expect(stats.forbidden).toBeVisible();
    await expect(page.locator('svg[role="img"]')).toHaveCount(0);
    const response = await page.request.get(`/api/admin/statistics?year=${demoYear()}`);
    expect(response.status()).toBe(403);
  });
});

test.describe('users', () => {
  test('an admin who is not a superadmin is refused the users page', async ({ page }) => {
    const users = new UsersPage(page);
    await loginAs(page, demo.admin);
    await users.goto();
    await expect(users.forbidden).toBeVisible();
    await expect(users.addButton).toHaveCount(0);
    const response = await page.request.post('/api/admin/users', { data: { name: 'Nessuno', email: `nessuno@${EMAIL_DOMAIN}` } });
    expect(response.status()).toBe(403);
  });

  test('a superadmin adds a member, who logs in with the password shown once; a new password and disabling end their sessions', async ({
    page,
    browser,
  }, testInfo) => {
    test.slow();
    const users = new UsersPage(page);
    await loginAs(page, demo.superadmin);
    await users.goto();
    await expect(users.row(demo.admin.name)).toContainText('Amministratore');
    await expect(users.row(demo.superadmin.name)).toContainText('(tu)');
    await expect(users.row(demo.member.name)).toContainText('Utente');
    await expectAccessible(page, 'the members list');

    const suffix = uniqueSuffix(testInfo);
    const name = `Nuovo ${suffix}`;
    const email = `nuovo-${suffix}@${EMAIL_DOMAIN}`;
    const password = await users.addMember(name, email);
    await expectAccessible(page, "the new member's password");
    await users.dialog.getByRole('button', { name: 'Ho annotato la password' }).click();
    await expect(users.dialog).toBeHidden();
    await expect(users.row(name)).toContainText(email);
    await expect(users.row(name)).toContainText('Ultima attività: mai');

    // They log in through the form in their own browser.
    const theirs = await freshContext(browser, testInfo);
    const theirPage = await theirs.newPage();
    const login = new LoginPage(theirPage);
    await login.goto();
    await login.login(email, password);
    await expect(theirPage).toHaveURL(/\/app$/);
    await expect(theirPage.getByRole('heading', { level: 1, name: `Ciao, ${name}` })).toBeVisible();

    // A new password: shown once, and their session ends.
    await users.openEdit(name);
    await users.dialog.getByRole('button', { name: 'Nuova password' }).click();
    await expect(users.dialog).toHaveAccessibleName(`Nuova password per ${name}?`);
    await users.dialog.getByRole('button', { name: 'Crea nuova password' }).click();
    await expect(users.dialog).toHaveAccessibleName(`Password di ${name}`);
    const newPassword = (await users.dialog.getByRole('status', { name: 'Password' }).textContent())?.trim() ?? '';
    expect(newPassword).not.toBe(password);
    await users.dialog.getByRole('button', { name: 'Ho annotato la password' }).click();
    expect((await theirPage.request.get('/api/session')).status()).toBe(401);
    const relogin = await theirPage.request.post('/api/session', { data: { email, password: newPassword } });
    expect(relogin.status()).toBe(200);

    // Disabling asks first, then ends their session at once.
    await users.openEdit(name);
    // The switch toggles from the keyboard as by a tap.
    const disabledSwitch = users.dialog.getByRole('switch', { name: 'Account disattivato' });
    await disabledSwitch.focus();
    await page.keyboard.press('Space');
    await expect(disabledSwitch).toBeChecked();
    await users.dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(users.dialog).toHaveAccessibleName(`Disattivare ${name}?`);
    await expect(users.dialog).toContainText('Le sue sessioni terminano subito; la sua cronologia resta.');
    await users.dialog.getByRole('button', { name: 'Disattiva' }).click();
    await expect(users.dialog).toBeHidden();
    await expect(page.getByText('Modifiche salvate', { exact: true })).toBeVisible();
    await expect(users.row(name)).toContainText('disattivato');
    expect((await theirPage.request.get('/api/session')).status()).toBe(401);
    await theirs.close();
  });

  test('the last superadmin cannot stop being one', async ({ page }) => {
    const users = new UsersPage(page);
    await loginAs(page, demo.superadmin);
    await users.goto();
    await users.openEdit(demo.superadmin.name);
    await users.dialog.getByRole('combobox', { name: 'Ruolo' }).click();
    await page.getByRole('option', { name: 'Amministratore', exact: true }).click();
    await users.dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(users.dialog.getByRole('alert')).toHaveText('Serve almeno un amministratore principale attivo');
    await users.dialog.getByRole('button', { name: 'Annulla' }).click();
    await expect(users.dialog).toBeHidden();
    await expect(users.row(demo.superadmin.name)).toContainText('Amministratore principale');
  });
});
