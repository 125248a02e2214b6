import { EMAIL_DOMAIN, demo } from './support/demo.ts';
import { expect, loginAs, seriousA11yViolations, test } from './support/fixtures.ts';
import { waitForMail } from './support/mail.ts';
import { UsersPage } from './pages/admin-pages.ts';
import { LoginPage } from './pages/login-page.ts';
import { PasswordPages } from './pages/password-pages.ts';

const port = Number(process.env.E2E_PORT ?? 8181);

test('a superadmin invites a member by email, who chooses a password with the link and logs in', async ({ page, browser }, testInfo) => {
  test.slow();
  const users = new UsersPage(page);
  await loginAs(page, demo.superadmin);
  await users.goto();
  const suffix = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const name = `Ospite ${suffix}`;
  const email = `ospite-${suffix}@${EMAIL_DOMAIN}`;
  await users.submitNewMember(name, email, true);
  await expect(users.dialog).toHaveAccessibleName('Invito inviato');
  await expect(users.dialog).toContainText(email);
  await users.dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(users.row(name)).toContainText(email);

  const mail = await waitForMail(port, email, (m) => m.subject.startsWith('Benvenuto'));
  const link = /http:\/\/127\.0\.0\.1:\d+(\/nuova-password\/[\w-]+)/.exec(mail.text)?.[1];
  // The new member opens the link in a browser of their own.
  const { baseURL, viewport, locale, timezoneId } = testInfo.project.use;
  const theirs = await browser.newContext({ baseURL, viewport, locale, timezoneId, serviceWorkers: 'block' });
  const theirPage = await theirs.newPage();
  await theirPage.goto(link!);
  await expect(theirPage.getByRole('heading', { level: 1 })).toHaveText(`Benvenuto, ${name}`);
  expect(await seriousA11yViolations(theirPage)).toEqual([]);
  await new PasswordPages(theirPage).choosePassword('ospite-sceglie-2027');
  await theirPage.getByRole('link', { name: 'Torna al login' }).click();
  const login = new LoginPage(theirPage);
  await login.login(email, 'ospite-sceglie-2027');
  await expect(theirPage).toHaveURL(/\/app$/);
  await theirs.close();
});
