import { request as playwrightRequest, type Browser, type Page, type TestInfo } from '@playwright/test';
import { PasskeysScreen, passkeyButton } from './pages/passkey-pages.ts';
import { LoginPage } from './pages/login-page.ts';
import { SettingsScreen } from './pages/settings-pages.ts';
import { DEMO_PASSWORD, EMAIL_DOMAIN, demo, emailOf, type DemoPerson } from './support/demo.ts';
import { expect, expectAccessible, loginAs, test } from './support/fixtures.ts';
import { mailPort, waitForMail } from './support/mail.ts';
import { OwnServer } from './support/own-server.ts';
import { VirtualAuthenticator } from './support/virtual-authenticator.ts';

/*
 * Passkeys (issue 45), with Chromium's virtual authenticator standing in for the phone's own.
 * A passkey belongs to a domain, never to an IP address, so these tests run on a server of their
 * own reached as localhost (the shared one is 127.0.0.1); one per worker that runs this file,
 * since the phone and the desktop may run it at the same time.
 */
const e2ePort = Number(process.env.E2E_PORT ?? 8181);
const server = new OwnServer(e2ePort + 60 + Number(process.env.TEST_PARALLEL_INDEX ?? 0), {
  hostname: 'localhost',
  env: { SMTP_URL: `smtp://127.0.0.1:${mailPort(e2ePort)}`, MAIL_FROM: 'Rustico Corzoneso <rustico@bernasconi.ch>' },
});

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: server.url });

test.beforeAll(async () => {
  // A fresh demo house of its own: seeding it takes a while on a busy machine.
  test.setTimeout(120_000);
  await server.start(true);
});
test.afterAll(async () => server.stop());

/** A browser of the member's own (another phone, or the same one after a restart), with its authenticator. */
async function newDevice(browser: Browser, testInfo: TestInfo, options: { withoutAutofill?: boolean } = {}) {
  const { viewport, locale, timezoneId, userAgent, isMobile, hasTouch, deviceScaleFactor } = testInfo.project.use;
  const context = await browser.newContext({ baseURL: server.url, viewport, locale, timezoneId, userAgent, isMobile, hasTouch, deviceScaleFactor, serviceWorkers: 'block' });
  // A browser whose email field does not offer passkeys (no conditional mediation): only the button does.
  if (options.withoutAutofill) await context.addInitScript(() => Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', { value: undefined }));
  const page = await context.newPage();
  return { context, page, authenticator: await VirtualAuthenticator.attach(page) };
}

/** The scripts a page has downloaded, by file. */
function scriptsOf(page: Page): () => string[] {
  const files: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') files.push(new URL(response.url()).pathname);
  });
  return () => files;
}

const firstName = (person: DemoPerson) => person.name.split(' ')[0]!;

test('a member adds a passkey in Impostazioni, logs out, and signs in with it from the email field and with «Accedi con passkey»', { tag: '@desktop' }, async ({ page, browser }, testInfo) => {
  test.slow();
  const phone = await VirtualAuthenticator.attach(page);
  await loginAs(page, demo.member);
  const passkeys = new PasskeysScreen(page);
  await passkeys.open();
  await expect(page.getByRole('main')).toContainText('Una passkey ti fa entrare con l’impronta, il viso o il blocco schermo del telefono, senza password.');
  await expect(page.getByRole('main')).toContainText('Nessuna passkey');

  await passkeys.add.click();
  await expect(passkeys.dialog).toHaveAccessibleName('Nuova passkey');
  // Named after this device and the member, to start with.
  await expect(passkeys.name).toHaveValue(new RegExp(` di ${firstName(demo.member)}$`));
  await expectAccessible(page, 'Passkey, the new one named');
  await passkeys.name.fill('Telefono di Luca');
  await passkeys.create.click();
  await expect(passkeys.dialog).toBeHidden();
  await expect(passkeys.row('Telefono di Luca')).toContainText('mai usata');
  expect(await phone.credentials()).toMatchObject([{ isResidentCredential: true, rpId: 'localhost' }]);

  // Logged out, the login's email field offers the passkey: Chromium's virtual authenticator picks it at once.
  const settings = new SettingsScreen(page);
  await settings.goto();
  await settings.logout.click();
  await expect(page).toHaveURL(/\/app$/);
  await passkeys.open();
  await expect(passkeys.row('Telefono di Luca')).toContainText('usata oggi');
  await expect(passkeys.row('Telefono di Luca')).toContainText('questo dispositivo');

  // Another browser where the field offers nothing: the button asks the device, and only then loads the passkey code.
  // The passkey goes over as it is now: a copy taken before its last use would count behind it, as a clone's does.
  const [synced] = await phone.credentials();
  const other = await newDevice(browser, testInfo, { withoutAutofill: true });
  await other.authenticator.add(synced!);
  const scripts = scriptsOf(other.page);
  const login = new LoginPage(other.page);
  await login.goto();
  await expect(passkeyButton(other.page)).toBeVisible();
  await expectAccessible(other.page, 'Login with the passkey button');
  expect(scripts().filter((file) => /\/(webauthn|passkey-login)-/.test(file))).toEqual([]);
  await passkeyButton(other.page).click();
  await expect(other.page).toHaveURL(/\/app$/);
  await expect(other.page.getByRole('main')).toBeVisible();
  expect(scripts().some((file) => file.startsWith('/assets/webauthn-'))).toBe(true);
  await other.context.close();
});

test('after a password login Rustico offers a passkey, once: accepted it is added, declined nobody asks again', async ({ page, browser }, testInfo) => {
  test.slow();
  await VirtualAuthenticator.attach(page);
  const login = new LoginPage(page);
  await login.goto();
  await login.login(demo.grandfather.local, DEMO_PASSWORD);
  const offer = page.getByRole('dialog', { name: 'Entrare con un tocco?' });
  await expect(offer).toBeVisible();
  await expect(offer.getByLabel('Nome')).toHaveValue(new RegExp(` di ${firstName(demo.grandfather)}$`));
  await expectAccessible(page, 'The offer of a passkey');
  await offer.getByRole('button', { name: 'Aggiungi la passkey' }).click();
  await expect(offer).toBeHidden();
  const passkeys = new PasskeysScreen(page);
  await passkeys.open();
  await expect(passkeys.list.getByRole('listitem')).toHaveCount(1);

  // Elena says no: after her next password login nobody asks again.
  const elena = await newDevice(browser, testInfo, { withoutAutofill: true });
  const elenaLogin = new LoginPage(elena.page);
  await elenaLogin.goto();
  await elenaLogin.login(demo.friend.local, DEMO_PASSWORD);
  const elenaOffer = elena.page.getByRole('dialog', { name: 'Entrare con un tocco?' });
  await elenaOffer.getByRole('button', { name: 'No, grazie' }).click();
  await expect(elenaOffer).toBeHidden();
  const settings = new SettingsScreen(elena.page);
  await settings.goto();
  await settings.logout.click();
  await expect(elena.page).toHaveURL(/\/login$/);
  await elenaLogin.login(demo.friend.local, DEMO_PASSWORD);
  await expect(elena.page).toHaveURL(/\/app$/);
  await elena.page.waitForLoadState('networkidle');
  await expect(elena.page.getByRole('dialog')).toHaveCount(0);
  expect(await elena.authenticator.credentials()).toEqual([]);
  await elena.context.close();
});

test('an invited member completes the invitation with a passkey, and is in without a password', { tag: '@desktop' }, async ({ browser }, testInfo) => {
  test.slow();
  const admin = await playwrightRequest.newContext({ baseURL: server.url });
  expect((await admin.post('/api/session', { data: { email: emailOf(demo.superadmin), password: DEMO_PASSWORD } })).status()).toBe(200);
  const suffix = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const email = `nipote-${suffix}@${EMAIL_DOMAIN}`;
  const invited = await admin.post('/api/admin/users', { data: { name: `Nina ${suffix}`, email, invite: true } });
  expect(invited.status(), await invited.text()).toBe(201);
  await admin.dispose();
  const mail = await waitForMail(e2ePort, email, (m) => m.subject.startsWith('Benvenuto'));
  const link = /http:\/\/localhost:\d+(\/nuova-password\/[\w-]+)/.exec(mail.text)?.[1];
  expect(link).toBeDefined();

  const phone = await newDevice(browser, testInfo);
  await phone.page.goto(link!);
  await expect(phone.page.getByRole('heading', { level: 1 })).toHaveText(`Benvenuto, Nina ${suffix}`);
  await expectAccessible(phone.page, 'Invitation with a passkey');
  await phone.page.getByRole('button', { name: 'Entra con una passkey' }).click();
  await expect(phone.page).toHaveURL(/\/app$/);
  const passkeys = new PasskeysScreen(phone.page);
  await passkeys.open();
  await expect(passkeys.row(/ di Nina/)).toContainText('questo dispositivo');
  await expect(passkeys.row(/ di Nina/)).toContainText('usata oggi');
  // No password was chosen: the password login refuses, the link is spent.
  expect((await phone.page.request.post('/api/session', { data: { email, password: 'qualunque-cosa' } })).status()).toBe(401);
  await phone.page.goto(link!);
  await expect(phone.page.getByRole('heading', { level: 1 })).toHaveText('Link non valido');
  await phone.context.close();
});
