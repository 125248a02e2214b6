import { demo } from './support/demo.ts';
import { expect, loginAs, seriousA11yViolations, test } from './support/fixtures.ts';
import { NAV_ENTRIES, SIDE_BAR_MIN_WIDTH, Shell } from './pages/shell.ts';

test.describe('logged out', () => {
  for (const path of ['/', '/app', '/app/calendario', '/app/impostazioni/profilo']) {
    test(`${path} goes to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    });
  }

  test('the visitor page is public', async ({ page }) => {
    await page.goto('/visitatore');
    await expect(page).toHaveURL(/\/visitatore$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Corzoneso');
  });
});

test.describe('logged in', () => {
  test.beforeEach(async ({ page }) => loginAs(page, demo.member));

  for (const path of ['/', '/login']) {
    test(`${path} goes to /app`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/app$/);
    });
  }

  test('the navigation has the five entries, at the side on wide screens and at the bottom on phones', { tag: '@layout' }, async ({ page }) => {
    await page.goto('/app');
    const shell = new Shell(page);
    for (const entry of NAV_ENTRIES) await expect(shell.entry(entry)).toBeVisible();
    const box = (await shell.nav.boundingBox())!;
    const viewport = page.viewportSize()!;
    if (viewport.width < SIDE_BAR_MIN_WIDTH) {
      expect(box.width).toBeGreaterThanOrEqual(viewport.width - 1);
      expect(box.y + box.height).toBeGreaterThanOrEqual(viewport.height - 1);
      expect(box.y).toBeGreaterThan(viewport.height / 2);
    } else {
      expect(box.x).toBeLessThanOrEqual(1);
      expect(box.height).toBeGreaterThanOrEqual(viewport.height - 1);
      expect(box.width).toBeLessThan(viewport.width / 3);
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('each entry opens its screen and is marked active; Tutorial stays active below it', async ({ page }) => {
    await page.goto('/app');
    const shell = new Shell(page);
    await shell.expectActive('Home');
    const targets = { Calendario: /\/app\/calendario$/, Gestione: /\/app\/gestione/, Tutorial: /\/app\/tutorial$/, 'Impostaz.': /\/app\/impostazioni$/ } as const;
    for (const [entry, url] of Object.entries(targets) as [keyof typeof targets, RegExp][]) {
      await shell.entry(entry).click();
      await expect(page).toHaveURL(url);
      await shell.expectActive(entry);
    }
    await page.goto('/app/tutorial/camino_e_stufe');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Camino e stufe');
    await shell.expectActive('Tutorial');
  });

  test('Gestione opens the Note tab on #note and Registra otherwise', async ({ page }) => {
    await page.goto('/app/gestione#note');
    await expect(page.getByRole('tab', { name: 'Note' })).toHaveAttribute('aria-selected', 'true');
    await page.goto('/app/gestione');
    await expect(page.getByRole('tab', { name: 'Registra' })).toHaveAttribute('aria-selected', 'true');
  });

  test("Gestione's tabs are one tab stop: the arrows, Home and End move between them and show them", async ({ page }) => {
    await page.goto('/app/gestione');
    const register = page.getByRole('tab', { name: 'Registra' });
    const notes = page.getByRole('tab', { name: 'Note' });
    await register.focus();
    await page.keyboard.press('ArrowRight');
    await expect(notes).toBeFocused();
    await expect(notes).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Note' })).toBeVisible();
    await expect(page).toHaveURL(/#note$/);
    await page.keyboard.press('Home');
    await expect(register).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(notes).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(register).toBeFocused();
    await expect(page.getByRole('tabpanel', { name: 'Registra' })).toBeVisible();
    // The tab not shown is no tab stop: the next one is the panel (once drawn: a Tab sooner goes past it).
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tabpanel', { name: 'Registra' })).toBeFocused();
  });

  test('the casa guide is not written yet, an unknown guide is a 404', async ({ page }) => {
    await page.goto('/app/tutorial/casa');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Casa');
    await expect(page.getByText('Non ancora creato')).toBeVisible();
    await page.goto('/app/tutorial/sauna');
    await expect(page.getByText('NOT FOUND')).toBeVisible();
  });

  test('a member gets no admin rows; logout ends the session', async ({ page }) => {
    await page.goto('/app/impostazioni');
    await expect(page.getByRole('link', { name: 'Le mie prenotazioni' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Tutte le prenotazioni' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/app');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('an admin sees the admin rows, a superadmin also Utenti', async ({ page }) => {
  await loginAs(page, demo.admin);
  await page.goto('/app/impostazioni');
  await expect(page.getByRole('link', { name: 'Tutte le prenotazioni' })).toBeVisible();
  await expect(page.getByText('Utenti', { exact: true })).toHaveCount(0);
  await loginAs(page, demo.superadmin);
  await page.reload();
  await expect(page.getByText('Utenti', { exact: true })).toBeVisible();
});

test.describe('404 and errors', () => {
  test('an unknown path shows the TV and NOT FOUND, logged in or not', { tag: '@desktop' }, async ({ page }, testInfo) => {
    await page.goto('/non/esiste');
    await expect(page.getByText('NOT FOUND')).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const tv = page.getByTestId('animated-tv');
    const heading = page.getByRole('heading', { name: 'NOT FOUND' });
    const tvBox = (await tv.boundingBox())!;
    const headingBox = (await heading.boundingBox())!;
    // Side by side above 1024 px, stacked below.
    if (testInfo.project.name === 'desktop') expect(headingBox.x).toBeGreaterThan(tvBox.x + tvBox.width / 2);
    else expect(headingBox.y).toBeGreaterThan(tvBox.y + tvBox.height / 2);
    await loginAs(page);
    await page.goto('/app/nulla');
    await expect(page.getByText('NOT FOUND')).toBeVisible();
  });
});
