import { DEMO_PASSWORD, EMAIL_DOMAIN, demo } from './support/demo.ts';
import { expect, seriousA11yViolations, test } from './support/fixtures.ts';
import { LoginPage } from './pages/login-page.ts';

test.describe('login', () => {
  test('shows the welcome, the domain suffix and the guest way in', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Benvenuti al Rustico');
    await expect(page.getByText(`@${EMAIL_DOMAIN}`)).toBeVisible();
    await expect(login.guest).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('empty fields say "Riempi questo campo"', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.email.fill('   ');
    await login.submit.click();
    await login.expectFieldError(login.email, 'Riempi questo campo');
    await login.expectFieldError(login.password, 'Riempi questo campo');
    // The error clears when the field is focused again.
    await login.email.focus();
    await expect(login.email).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('each server refusal lands on the field the spec names', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();

    await login.login('luca bernasconi', 'qualcosa');
    await login.expectFieldError(login.email, 'Email non valida');

    await login.login('nessuno', 'qualcosa');
    await login.expectFieldError(login.email, 'Utente non trovato');

    await login.login(demo.friend.local, 'sbagliata');
    await login.expectFieldError(login.password, 'Password errata');
    await expect(login.email).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('anything else says "Autenticazione non valida" on both fields', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await page.route('**/api/session', (route) => (route.request().method() === 'POST' ? route.abort('connectionfailed') : route.continue()));
    await login.login(demo.member.local, DEMO_PASSWORD);
    await login.expectFieldError(login.email, 'Autenticazione non valida');
    await login.expectFieldError(login.password, 'Autenticazione non valida');
  });

  test('the password can be shown and hidden', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.password.fill('segreto');
    await expect(login.password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Mostra password' }).click();
    await expect(login.password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Nascondi password' }).click();
    await expect(login.password).toHaveAttribute('type', 'password');
  });

  test('trimmed credentials log in and open Home', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.login(`  ${demo.member.local} `, ` ${DEMO_PASSWORD} `);
    await expect(page).toHaveURL(/\/app$/);
    await expect(page.getByRole('navigation', { name: 'Navigazione principale' })).toBeVisible();
  });

  test('the guest button opens the visitor page', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.guest.click();
    await expect(page).toHaveURL(/\/visitatore$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
