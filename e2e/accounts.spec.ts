import { request as playwrightRequest, type Browser, type TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { AccountsPage } from './pages/accounts-page.ts';
import { demo } from './support/demo.ts';
import { expect, loginAs, seriousA11yViolations, test } from './support/fixtures.ts';

/**
 * A member of their own per project (phone and desktop share one server), so
 * nothing else in the suite moves their balance.
 */
async function newMember(testInfo: TestInfo, browser: Browser) {
  const admin = await playwrightRequest.newContext({ baseURL: testInfo.project.use.baseURL! });
  expect((await admin.post('/api/session', { data: { email: 'marco@bernasconi.ch', password: 'rustico-demo' } })).status()).toBe(200);
  const name = `Nina Spese ${testInfo.project.name} ${Date.now() % 100_000}`;
  const email = `nina.${testInfo.project.name}.${Date.now()}@bernasconi.ch`;
  const created = await admin.post('/api/admin/users', { data: { name, email, role: 'member' } });
  expect(created.status(), await created.text()).toBe(201);
  const { password } = (await created.json()) as { password: string };
  await admin.dispose();
  const { baseURL, viewport, isMobile, hasTouch, deviceScaleFactor, userAgent, locale } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch, deviceScaleFactor, userAgent, locale, serviceWorkers: 'block' });
  expect((await context.request.post('/api/session', { data: { email, password } })).status()).toBe(200);
  return { name, page: await context.newPage(), context };
}

/** A phone photo of a receipt, with its camera's EXIF. */
function receiptPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 900, channels: 3, background: '#f7f3ea' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Rustico', Model: 'Phone' } })
    .toBuffer();
}

test('a member adds an expense with a photo receipt, an admin verifies it and pays it back', async ({ page, browser }, testInfo) => {
  // Two browsers, a photo upload and a live update: longer than the usual 30 s under CI load.
  test.setTimeout(90_000);
  const member = await newMember(testInfo, browser);
  const description = `Taglio dell'erba ${testInfo.project.name}`;
  const accounts = new AccountsPage(member.page);
  await accounts.openFromManagement();
  await expect(accounts.balanceRow(member.name)).toContainText('CHF 0.-');
  await accounts.addExpense({ amount: '84,50', description, receipt: { name: 'scontrino.jpg', mimeType: 'image/jpeg', buffer: await receiptPhoto() } });
  const row = accounts.expense(description);
  await expect(row).toContainText('CHF 84.50');
  await expect(row).toContainText('Da verificare');
  await expect(row.locator('img')).toHaveJSProperty('complete', true);
  // Unverified, it does not count yet.
  await expect(accounts.balanceRow(member.name)).toContainText('Pagato CHF 0.-');
  expect(await seriousA11yViolations(member.page)).toEqual([]);

  await loginAs(page, demo.admin);
  const admin = new AccountsPage(page);
  await admin.goto();
  await admin.expense(description).click();
  const detail = admin.dialog(description);
  await expect(detail.getByRole('link', { name: /Apri la ricevuta/ })).toBeVisible();
  await detail.getByRole('button', { name: 'Verifica' }).click();
  // Its history: verified by the admin, the field before and after.
  const verified = detail.getByRole('listitem').filter({ hasText: 'Verificata: No → Sì' });
  await expect(verified).toContainText(`Verificata${demo.admin.name}`);
  await expect(verified).toContainText('Verificata: No → Sì');
  await detail.getByRole('button', { name: 'Chiudi' }).click();

  const balance = admin.balanceRow(member.name);
  await expect(balance).toContainText('Pagato CHF 84.50');
  await expect(balance).toContainText('La casa deve CHF 84.50');
  await balance.getByRole('button', { name: 'Rimborsa' }).click();
  const reimburse = admin.dialog(`Rimborso a ${member.name}`);
  await expect(reimburse.getByLabel('Importo (CHF)')).toHaveValue('84.50');
  await reimburse.getByRole('button', { name: 'Registra' }).click();
  await expect(reimburse).toBeHidden();
  await expect(balance).toContainText('In pari');
  await expect(admin.balances).toContainText(`Rimborso a ${member.name}: CHF 84.50`);

  // The member sees it live: verified, paid back, and no longer theirs to change.
  await expect(accounts.balanceRow(member.name)).toContainText('In pari');
  await expect(row).toContainText('Verificata');
  await row.click();
  const mine = accounts.dialog(description);
  await expect(mine.getByText('Verificata: solo un amministratore può modificarla.')).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Modifica' })).toHaveCount(0);
  await member.context.close();
});
