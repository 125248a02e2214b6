import { DEMO_PASSWORD, demo, emailOf } from './support/demo.ts';
import { expect, seriousA11yViolations, test } from './support/fixtures.ts';
import { waitForMail } from './support/mail.ts';
import { LoginPage } from './pages/login-page.ts';
import { PasswordPages } from './pages/password-pages.ts';

const port = Number(process.env.E2E_PORT ?? 8181);

test.describe('Password dimenticata?', () => {
  test('from /login to the emailed link, a new password, and a login with it', async ({ page }, testInfo) => {
    // Each project resets its own grandparent, so the two can run at once.
    const person = testInfo.project.name === 'phone' ? demo.grandmother : demo.grandfather;
    const newPassword = `nuova-${testInfo.project.name}-2027`;
    const login = new LoginPage(page);
    const passwords = new PasswordPages(page);

    await login.goto();
    await login.forgot.click();
    await expect(page).toHaveURL(/\/password-dimenticata$/);
    await passwords.requestLink(person.local);
    expect(await seriousA11yViolations(page)).toEqual([]);

    const mail = await waitForMail(port, emailOf(person), (m) => m.subject === 'Scegli una nuova password');
    const link = /http:\/\/127\.0\.0\.1:\d+(\/nuova-password\/[\w-]+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nuova password');
    await passwords.newPassword.fill('corta');
    await passwords.save.click();
    await expect(passwords.newPassword).toHaveAccessibleDescription(/almeno 8 caratteri/);
    await passwords.choosePassword(newPassword);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The link works once.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Link non valido');
    await passwords.backToLogin.click();

    await login.login(person.local, DEMO_PASSWORD);
    await login.expectFieldError(login.password, 'Password errata');
    await login.login(person.local, newPassword);
    await expect(page).toHaveURL(/\/app$/);
  });
});
