import { formatMonth } from '@rustico/core';
import type { Page } from '@playwright/test';
import { display, iso, monthAhead } from './pages/calendar-page.ts';
import { nextReading } from './pages/register-page.ts';
import { createMember, loginAsMember, SettingsScreen, type TestMember } from './pages/settings-pages.ts';
import { demo } from './support/demo.ts';
import { expect, expectAccessible, loginAs, test } from './support/fixtures.ts';
import { waitForMail } from './support/mail.ts';
import { runReminders } from './support/reminders.ts';
import { bookAsAdminFor } from './support/stays.ts';

/*
 * Rustico in French, on the phone (this spec has no tag: the phone project alone runs it) of a
 * member whose browser asks for Swiss French: /login before anyone chooses, a booking, a check-in,
 * the check-out and the payment screen, with the accessibility checks; the reminder of the unpaid
 * stay and a forgotten password's email, through the test SMTP server.
 */
test.use({ locale: 'fr-CH' });

const port = Number(process.env.E2E_PORT ?? 8181);
const FRENCH_MONTHS = ['Janvier', 'Février', 'Mars', 'Avril', 'Mai', 'Juin', 'Juillet', 'Août', 'Septembre', 'Octobre', 'Novembre', 'Décembre'];

/** French runs longer than Italian: still nothing wider than the phone's screen. */
async function expectNoHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/** Logs in through the form, as a person does. */
async function loginByForm(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail', { exact: false }).first().fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
}

/**
 * Types fresh readings into the open step and saves until `next` shows. The meter is shared with
 * the tests running beside this one: when one of them was quicker, the app answers «Données
 * incorrectes» and the meter is read again.
 */
async function saveReadings(page: Page, member: TestMember, step: number, next: ReturnType<Page['getByRole']>) {
  const refused = page.getByText('Données incorrectes').first();
  for (let attempt = 0; attempt < 4; attempt++) {
    const reading = await nextReading(page.context().request, step);
    await page.getByLabel('kWh de jour').fill(String(reading.dayKwh));
    await page.getByLabel('kWh de nuit').fill(String(reading.nightKwh));
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(next.or(refused)).toBeVisible();
    if (await next.isVisible()) return;
  }
  throw new Error(`the readings of ${member.name} were refused four times`);
}

test('a French browser gets /login in French; the member books in French and keeps French as their language', async ({ page }, testInfo) => {
  const member = await createMember(testInfo, 'Léa Réservation');
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bienvenue au Rustico');
  await expect(page.getByRole('link', { name: 'Mot de passe oublié?' })).toBeVisible();
  await expectAccessible(page, '/login en français');
  await expectNoHorizontalScroll(page);

  await loginByForm(page, member.email, member.password);
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(nav.getByRole('link', { name: 'Calendrier', exact: true })).toBeVisible();

  // Réglages offers «Français»; the choice is kept with the member, as the other languages are.
  await nav.getByRole('link', { name: 'Réglages' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Réglages');
  const settings = new SettingsScreen(page);
  await settings.language.click();
  await settings.dialog.getByRole('radio', { name: 'Français' }).check();
  await expectAccessible(page, 'Réglages › Langue');
  await settings.dialog.getByRole('button', { name: 'Appliquer' }).click();
  await expect(settings.dialog).toHaveCount(0);
  await expect.poll(async () => ((await (await page.context().request.get('/api/session')).json()) as { user: { language: string | null } }).user.language).toBe('fr');
  await expect(settings.language).toContainText('Français');

  // A booking, more than three years ahead on the 7th to the 9th: no peak period, no other spec's days.
  const month = monthAhead(37);
  await page.goto(`/app/calendario?mese=${formatMonth(month)}`);
  await expect(page.locator('#calendar-month')).toHaveText(`${FRENCH_MONTHS[month.month - 1]} ${month.year}`);
  await expect(page.getByRole('grid')).not.toHaveAttribute('aria-busy', 'true');
  const day = (date: string) => page.getByRole('button', { name: new RegExp(`^${Number(date.slice(0, 2))}, ${date.replaceAll('.', '\\.')}(,|$)`) });
  await day(display(month, 7)).tap();
  await day(display(month, 9)).tap();
  const fact = (term: string) => page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(fact('Arrivée')).toHaveText(display(month, 7));
  await expect(fact('Départ')).toHaveText(display(month, 9));
  await expect(fact('Nuitées')).toHaveText('2');
  await expect(fact('Coût')).toHaveText('CHF 100.-');
  await expectAccessible(page, 'Calendrier, une réservation');
  await expectNoHorizontalScroll(page);
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Réservation enregistrée', { exact: true })).toBeVisible();
  await expect(day(display(month, 8))).toHaveAccessibleName(`8, ${display(month, 8)}, réservé par ${member.name}`);
  // The days between are the member's, for the API too.
  const booked = await page.context().request.get(`/api/bookings?from=${iso(month, 1)}&to=${iso(month, 28)}`);
  expect(((await booked.json()) as { bookings: { start: string; ownerName: string }[] }).bookings).toContainEqual(expect.objectContaining({ start: iso(month, 7), ownerName: member.name }));
});

test('check-in, check-out and the payment screen in French; the unpaid stay is reminded by email in French, with its QR-facture', async ({ page }, testInfo) => {
  const member = await createMember(testInfo, 'Noé Séjour');
  // A stay booked for them by an administrator in 2009, when no other spec is at the house: check-in is open.
  const id = await bookAsAdminFor(member.id, { start: '2009-04-10', end: '2009-04-12' });
  await loginAsMember(page, member);
  await page.goto(`/app/gestione?booking=${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gestion');
  await expect(page.getByRole('tab', { name: 'Saisie' })).toHaveAttribute('aria-selected', 'true');
  const checkin = page.getByRole('region', { name: 'Enregistrer le check-in (arrivée)' });
  const checkout = page.getByRole('region', { name: 'Enregistrer le check-out (départ)' });
  const payment = page.getByRole('region', { name: 'Paiement' });
  await expect(checkin).toBeVisible();
  await expect(checkin.getByText(/^Dernier relevé: [\d'.]+ kWh$/).first()).toBeVisible();
  await expectAccessible(page, 'le check-in en français');
  await expectNoHorizontalScroll(page);
  await saveReadings(page, member, 300, checkout);
  await expect(page.getByText('Check-in enregistré', { exact: true })).toBeVisible();

  // The house's cleaning list is its Italian one, and says so in French.
  await checkout.getByRole('button', { name: 'Ouvrir la liste de nettoyage' }).click();
  const list = page.getByRole('dialog', { name: 'Liste de nettoyage' });
  await expect(list.getByText('Texte de la maison, dans l’original italien.')).toBeVisible();
  await expect(list.getByRole('group', { name: 'Cucina' })).toHaveAttribute('lang', 'it');
  await expectAccessible(page, 'la liste de nettoyage');
  await list.getByRole('button', { name: 'Fermer' }).click();
  await page.getByRole('checkbox', { name: 'J’ai terminé la liste de nettoyage' }).check();
  await saveReadings(page, member, 40, payment);

  // The payment screen: the summary, the methods, the QR-facture labelled in French.
  await expect(payment.getByRole('table', { name: /^Récapitulatif des coûts · 10\.04\.2009 – 12\.04\.2009$/ })).toBeVisible();
  await expect(payment.getByRole('row', { name: /^Nuitées: 2 × CHF 50\.-/ })).toBeVisible();
  await expect(payment.getByRole('radio', { name: 'Virement bancaire' })).toBeVisible();
  await expect(payment.getByRole('radio', { name: 'Bon week-end' })).toBeVisible();
  const qrBill = payment.getByRole('img', { name: /^QR-facture: CHF [\d'.]+-? pour le séjour 10\.04\.2009 – 12\.04\.2009$/ });
  await expect(qrBill).toBeVisible();
  const svg = await page.evaluate(async (src) => (await fetch(src)).text(), (await qrBill.getAttribute('src'))!);
  for (const label of ['Récépissé', 'Section paiement', 'Compte / Payable à', 'Informations supplémentaires']) expect(svg).toContain(label);
  await expect(payment.getByText('Après avoir payé, appuie sur Enregistrer pour enregistrer le paiement.')).toBeVisible();
  await expectAccessible(page, 'le paiement en français');
  await expectNoHorizontalScroll(page);
  const total = (await payment.getByTestId('payment-total').textContent())!;

  // Emails follow the language the member keeps on the server (the browser's is the page's only):
  // they choose French, as in Réglages.
  expect((await page.context().request.put('/api/profile/language', { data: { language: 'fr' } })).status()).toBe(200);
  // Three days after the departure, from nine on the house's clock, the unpaid stay is reminded.
  expect(runReminders('2009-04-15T10:00')).toMatch(new RegExp(`sent +unpaid to ${member.email.replaceAll('.', '\\.')}`));
  const mail = await waitForMail(port, member.email, (m) => m.subject.startsWith('Séjour à payer'));
  expect(mail.subject).toBe(`Séjour à payer: ${total}`);
  expect(mail.text).toContain('Bonjour Noé,');
  expect(mail.text).toContain('Ton séjour (10.04.2009 – 12.04.2009) n’est pas encore payé');
  expect(mail.text).toContain('Tu trouveras la QR-facture en pièce jointe.');
  expect(mail.text).toContain('Enregistrer le paiement');
  expect(mail.attachments).toEqual([{ filename: 'qr-bill-2009-04-10.pdf', contentType: 'application/pdf' }]);
});

test('a forgotten password in French: the page, the email through the test SMTP server, the link', async ({ page }, testInfo) => {
  const member = await createMember(testInfo, 'Zoé Oubli');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Mot de passe oublié?' }).click();
  await expect(page).toHaveURL(/\/password-dimenticata$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mot de passe oublié');
  await page.getByLabel('E-mail', { exact: false }).first().fill(member.email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByRole('status')).toContainText('nous t’avons envoyé un lien');
  await expectAccessible(page, 'Mot de passe oublié');

  // The member never chose a language: the email speaks the one of the browser that asked.
  const mail = await waitForMail(port, member.email, (m) => m.subject === 'Choisis un nouveau mot de passe');
  expect(mail.text).toContain('Bonjour Zoé,');
  expect(mail.text).toContain('Le lien est valable une heure et ne fonctionne qu’une seule fois.');
  const link = /http:\/\/127\.0\.0\.1:\d+(\/nuova-password\/[\w-]+)/.exec(mail.text)?.[1];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nouveau mot de passe');
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('courte');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page.getByLabel('Nouveau mot de passe', { exact: true })).toHaveAccessibleDescription(/au moins 8 caractères/);
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('fondue-moitie-moitie');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page.getByRole('status')).toContainText('Mot de passe enregistré');
  await expectAccessible(page, 'Nouveau mot de passe');
  await page.getByRole('link', { name: 'Retour à la connexion' }).click();
  await loginByForm(page, member.email, 'fondue-moitie-moitie');
  await expect(page).toHaveURL(/\/app$/);
});

test("the demo's French reader: Home in French whatever the browser, the house letter said to be the house's Italian", async ({ browser }, testInfo) => {
  // An Italian phone: her own choice wins from the first paint.
  const context = await browser.newContext({ ...testInfo.project.use, locale: 'it-CH' });
  const page = await context.newPage();
  await loginAs(page, demo.frenchReader);
  await page.goto('/app');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Salut, ${demo.frenchReader.name}`);
  await expect(page.getByRole('heading', { name: 'Lettre de la maison' })).toBeVisible();
  await expect(page.getByText('Texte de la maison, dans l’original italien.')).toBeVisible();
  await expect(page.getByRole('main').locator('[lang="it"]')).toContainText('Care e cari');
  await expectAccessible(page, 'Accueil en français');
  await expectNoHorizontalScroll(page);
  await context.close();
});
