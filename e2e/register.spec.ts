import { formatChf } from '@rustico/core';
import { type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { RegisterPage, displayDate, isoDate, nextReading } from './pages/register-page.ts';
import { demo, type DemoPerson } from './support/demo.ts';
import { expect, loginAs, seriousA11yViolations, test } from './support/fixtures.ts';
import { bookAsAdminFor, checkInAndOut, sessionUserId } from './support/stays.ts';

/*
 * Each test books its own week, in 2019 on the phone and 2020 on the desktop
 * (both projects share one server; no other test books in those months): in
 * the past, because check-in opens on the arrival day, so an administrator
 * books them on the member's behalf. The meter is shared and only counts up:
 * readings are taken just before typing.
 */
// A whole stay, from check-in through every checklist item to the payment, is
// the longest flow of the suite: on a busy two-core machine it passes 30 s.
test.describe.configure({ timeout: 90_000 });

const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'phone';

function week(testInfo: TestInfo, month: number, day: number, nights: number): { start: string; end: string } {
  const year = isPhone(testInfo) ? 2019 : 2020;
  return { start: isoDate(year, month, day), end: isoDate(year, month, day + nights) };
}

interface BookingJson {
  id: string;
  costCentimes: number;
  checkedIn: boolean;
  checkedOut: boolean;
  paid: boolean;
  paymentMethod: string | null;
}

/** A stay of the logged-in member, booked for them by Giulia. */
async function book(page: Page, stay: { start: string; end: string }, purpose = 'personal'): Promise<string> {
  return bookAsAdminFor(await sessionUserId(page.context().request), stay, purpose);
}

async function openStays(request: APIRequestContext): Promise<BookingJson[]> {
  const response = await request.get('/api/stays/open');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { bookings: BookingJson[] }).bookings;
}

async function expectNoA11yViolations(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

test('a personal stay: check-in, check-out with the checklist, bank transfer with the QR-bill, done', async ({ page }, testInfo) => {
  const stay = week(testInfo, 8, 6, 3);
  await loginAs(page, demo.member);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const id = await book(page, stay);
  const request = page.context().request;
  const register = new RegisterPage(page);

  // Luca has several open bookings: nothing is chosen until he picks one.
  await register.goto();
  await expect(register.emptySelection).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Seleziona prenotazione' })).toBeVisible();
  await register.expectTicks(false, false, false);
  await register.choose(stay.start, stay.end);
  await expect(page).toHaveURL(new RegExp(`[?&]booking=${id}`));

  // Check-in.
  await expect(register.checkinCard).toBeVisible();
  await expect(register.cancelCard).toBeVisible();
  await expect(register.maintenanceInfo).toBeHidden();
  await register.expectTicks(false, false, false);
  await expect(register.checkinCard.getByText(/^Ultima lettura: /)).toHaveCount(2);
  await expect(register.checkinCard.getByText(/Ogni contatore deve segnare almeno la sua ultima lettura/)).toBeVisible();
  await expectNoA11yViolations(page);
  const arrivalNote = `Arrivati (e2e ${testInfo.project.name} ${id.slice(0, 8)})`;
  await register.note.fill(arrivalNote);
  await register.saveReadings(request, 500, register.checkoutCard, register.checkinCard);
  await expect(register.toast('Check-in registrato')).toBeVisible();

  // Check-out; a reload keeps the chosen booking.
  await expect(register.checkoutCard).toBeVisible();
  await register.expectTicks(true, false, false);
  await expect(register.cancelCard).toBeHidden();
  await page.reload();
  await expect(register.checkoutCard).toBeVisible();
  await expect(register.selector).toContainText(`${displayDate(stay.start)} – ${displayDate(stay.end)}`);
  await expectNoA11yViolations(page);

  await register.checklistButton.click();
  await expect(register.checklistDialog).toBeVisible();
  for (const [group, count] of [['Cucina', 5], ['Salotto', 1], ['Camere', 4], ['Bagni', 4], ['Esterno', 1]] as const) {
    await expect(register.checklistDialog.getByRole('group', { name: group }).getByRole('checkbox')).toHaveCount(count);
  }
  await expectNoA11yViolations(page);
  await register.checklistDialog.getByRole('button', { name: 'Chiudi' }).click();
  const ids = await register.tickWholeChecklist();
  expect(ids).toEqual([
    'kitchen-1', 'kitchen-2', 'kitchen-3', 'kitchen-4', 'kitchen-5',
    'lounge-1',
    'bedroom-1', 'bedroom-2', 'bedroom-3', 'bedroom-4',
    'bathroom-1', 'bathroom-2', 'bathroom-3', 'bathroom-4',
    'extern-1',
  ]);
  // Ticking every item was the confirmation.
  await expect(register.checklistDone).toBeChecked();
  // The confirmation shows even when the payment card came with the live event, before the answer: the
  // answer is held until the QR-bill's full screen is open, so «Check-out registrato» comes while it is.
  await register.answerLate('checkout', register.qrFullScreen);
  await register.saveReadings(request, 120, register.paymentCard, register.checkoutCard);

  // The full screen on the phone turned sideways: above everything (the toast too), the QR code scannable
  // and at least its printed 46 mm, which at 96 CSS px per inch is 174 CSS px.
  await page.setViewportSize({ width: 812, height: 375 });
  await register.qrBillOpen.click();
  await expect(register.qrFullScreen).toBeVisible();
  const toast = register.toast('Check-out registrato');
  await expect(toast).toBeVisible();
  const sideways = await register.scanFullScreenQr();
  expect(sideways.side).toBeGreaterThanOrEqual((46 / 25.4) * 96);
  expect(sideways.data.split(/\r?\n/).slice(0, 3)).toEqual(['SPC', '0200', '1']);
  expect(await register.fullScreenOnTopAt(sideways.centre)).toBe(true);
  const toastBox = (await register.drawnToast('Check-out registrato').boundingBox())!;
  expect(await register.fullScreenOnTopAt({ x: toastBox.x + toastBox.width / 2, y: toastBox.y + toastBox.height / 2 })).toBe(true);
  await register.qrFullScreen.getByRole('button', { name: 'Chiudi' }).click();
  await expect(register.qrFullScreen).toBeHidden();
  // Held upright, the view puts the QR code above the rest, larger still; Back closes it.
  await page.setViewportSize({ width: 375, height: 812 });
  await register.qrBillOpen.click();
  const upright = await register.scanFullScreenQr();
  expect(upright.side).toBeGreaterThanOrEqual((46 / 25.4) * 96);
  await page.goBack();
  await expect(register.qrFullScreen).toBeHidden();
  await expect(register.paymentCard).toBeVisible();

  // Payment: the summary's total is the stored cost.
  await expect(register.paymentCard).toBeVisible();
  await register.expectTicks(true, true, false);
  const stored = (await openStays(request)).find((booking) => booking.id === id)!;
  expect(stored.checkedOut).toBe(true);
  await expect(register.summaryRow(/^Notti: 3 × CHF 50\.-/)).toContainText('CHF 150.-');
  await expect(register.summaryRow(/^Elettricità: /)).toContainText('× CHF 0.30');
  await expect(register.total).toHaveText(formatChf(stored.costCentimes));
  await expect(register.method('Bonifico bancario')).toBeChecked();
  await expect(register.saveWarning).toBeVisible();

  const payment = (await (await request.get('/api/house/payment')).json()) as { iban: string; accountHolder: string };
  await register.copyButton('IBAN').click();
  await expect(register.toast('Copiato negli appunti')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(payment.iban);
  await expect(register.copyButton('Titolare del conto')).toContainText(payment.accountHolder);

  await expect(register.qrBill).toBeVisible();
  await expect
    .poll(() => register.qrBill.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
  await expectNoA11yViolations(page);

  await register.save.click();
  await expect(register.toast('Pagamento registrato')).toBeVisible();
  await expect(register.doneCard).toBeVisible();
  await expect(register.doneCard).toContainText('Soggiorno concluso e pagato. Grazie!');
  await register.expectTicks(true, true, true);
  await expect(register.save).toHaveCount(0);
  await expectNoA11yViolations(page);
  expect((await openStays(request)).some((booking) => booking.id === id)).toBe(false);

  // The arrival note is on the board with its label.
  const notes = (await (await request.get('/api/notes?limit=100')).json()) as {
    notes: Array<{ text: string; label: { kind: string; date: string } | null }>;
  };
  expect(notes.notes.find((note) => note.text === arrivalNote)?.label).toEqual({ kind: 'checkin', date: stay.start });
});

test('a maintenance stay: the info box at check-in and nothing to pay', async ({ page }, testInfo) => {
  const stay = week(testInfo, 8, 20, 2);
  await loginAs(page, demo.member);
  const id = await book(page, stay, 'maintenance');
  const request = page.context().request;
  const register = new RegisterPage(page);
  await register.goto(id);

  await expect(register.checkinCard).toBeVisible();
  await expect(register.maintenanceInfo).toBeVisible();
  await expectNoA11yViolations(page);
  await register.saveReadings(request, 500, register.checkoutCard, register.checkinCard);

  await register.checklistDone.check();
  await register.saveReadings(request, 60, register.paymentCard, register.checkoutCard);

  await expect(register.total).toHaveText('CHF 0.-');
  await expect(register.paymentCard.getByText(/Nessun importo da pagare/)).toBeVisible();
  await expect(register.qrBill).toHaveCount(0);
  await expectNoA11yViolations(page);
  await register.save.click();
  await expect(register.doneCard).toBeVisible();
  await register.expectTicks(true, true, true);
});

test('each register is checked on its own: "Dati non corretti" on the one that went back; ticking the whole checklist confirms it', async ({ page }, testInfo) => {
  const stay = week(testInfo, 9, 3, 2);
  await loginAs(page, demo.member);
  const id = await book(page, stay);
  const request = page.context().request;
  const register = new RegisterPage(page);
  await register.goto(id);
  await expect(register.checkinCard).toBeVisible();

  // Empty: both required.
  await register.save.click();
  await expect(register.checkinCard.getByText('Riempi questo campo')).toHaveCount(2);

  // Far below the meter's last total.
  await register.fillReadings({ dayKwh: 12.5, nightKwh: 3 });
  await register.save.click();
  await expect(register.checkinCard.getByText('Dati non corretti')).toHaveCount(2);
  await expect(register.day).toHaveAttribute('aria-invalid', 'true');
  await expect(register.night).toHaveAttribute('aria-invalid', 'true');
  await expectNoA11yViolations(page);
  // Focusing a field clears its error.
  await register.day.focus();
  await expect(register.checkinCard.getByText('Dati non corretti')).toHaveCount(1);
  await expect(register.day).not.toHaveAttribute('aria-invalid', 'true');

  // The day register typed wrong, the night far higher: the sum is higher, the day is still wrong, and only the day says so.
  const last = await nextReading(request, 0);
  await register.fillReadings({ dayKwh: Math.max(0, last.dayKwh - 100), nightKwh: last.nightKwh + 1000 });
  await register.save.click();
  await expect(register.checkinCard.getByText('Dati non corretti')).toHaveCount(1);
  await expect(register.day).toHaveAttribute('aria-invalid', 'true');
  await expect(register.day).toHaveAccessibleDescription(/Dati non corretti/);
  await expect(register.night).not.toHaveAttribute('aria-invalid', 'true');

  await register.saveReadings(request, 500, register.checkoutCard, register.checkinCard);

  // At the departure, the night register gone back is refused on its own field.
  const arrival = await nextReading(request, 0);
  await register.fillReadings({ dayKwh: arrival.dayKwh + 1000, nightKwh: Math.max(0, arrival.nightKwh - 5) });
  await register.checklistDone.check();
  await register.save.click();
  await expect(register.checkoutCard.getByText('Dati non corretti')).toHaveCount(1);
  await expect(register.night).toHaveAttribute('aria-invalid', 'true');
  await expect(register.day).not.toHaveAttribute('aria-invalid', 'true');

  // Readings fine, checklist not confirmed.
  await register.checklistDone.uncheck();
  await register.fillReadings(await nextReading(request, 50));
  await register.save.click();
  await expect(register.checklistError).toBeVisible();
  await expect(register.checklistDone).toHaveAttribute('aria-invalid', 'true');
  await expect(register.checkoutCard).toBeVisible();
  await expectNoA11yViolations(page);

  // Ticking every item is the confirmation; one left short is not, and unticking one takes it back.
  const items = register.checklistDialog.getByRole('checkbox');
  const inChecklist = async (tick: (items: Locator) => Promise<void>) => {
    await register.checklistButton.click();
    await expect(items).toHaveCount(15);
    await tick(items);
    await register.checklistDialog.getByRole('button', { name: 'Chiudi' }).click();
    await expect(register.checklistDialog).toBeHidden();
  };
  await inChecklist(async () => {
    for (let i = 0; i < 14; i++) await items.nth(i).click();
    await expect(register.checklistDialog.getByText('14 di 15 fatti')).toBeVisible();
  });
  await expect(register.checklistDone).not.toBeChecked();
  await expect(register.checklistError).toBeVisible();
  await inChecklist(async () => {
    await items.nth(14).click();
    await expect(register.checklistDialog.getByText('Tutti i 15 punti fatti: la lista delle pulizie è confermata')).toBeVisible();
  });
  await expect(register.checklistDone).toBeChecked();
  await expect(register.checklistError).toBeHidden();
  await inChecklist(() => items.nth(3).click());
  await expect(register.checklistDone).not.toBeChecked();
  await inChecklist(() => items.nth(3).click());
  await expect(register.checklistDone).toBeChecked();
  await register.saveReadings(request, 50, register.paymentCard, register.checkoutCard);
});

test('the weekend voucher pays one stay; afterwards it is disabled; Twint shows its number', async ({ page }, testInfo) => {
  // A member no other test pays with: Sofia on the phone, Elena on the desktop.
  const person: DemoPerson = isPhone(testInfo) ? demo.member2 : demo.friend;
  await loginAs(page, person);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const request = page.context().request;
  const session = (await (await request.get('/api/session')).json()) as { user: { giftUsed: boolean } };
  expect(session.user.giftUsed).toBe(false);

  const first = await book(page, week(testInfo, 9, 17, 2));
  const second = await book(page, week(testInfo, 10, 1, 2));
  await checkInAndOut(request, first);
  await checkInAndOut(request, second);

  const register = new RegisterPage(page);
  await register.goto(first);
  await expect(register.paymentCard).toBeVisible();
  await expect(register.method('Buono weekend')).toBeEnabled();
  await register.method('Buono weekend').check();
  await expect(register.paymentCard.getByRole('img', { name: 'Pacco regalo' })).toBeVisible();
  await expect(register.paymentCard.getByText(/Il buono weekend copre questo soggiorno/)).toBeVisible();
  await expect(register.qrBill).toHaveCount(0);
  await expectNoA11yViolations(page);
  await register.save.click();
  await expect(register.doneCard).toBeVisible();

  const after = (await (await request.get('/api/session')).json()) as { user: { giftUsed: boolean } };
  expect(after.user.giftUsed).toBe(true);

  // The next stay, without reloading: the voucher is used.
  await register.choose(week(testInfo, 10, 1, 2).start, week(testInfo, 10, 1, 2).end);
  await expect(register.paymentCard).toBeVisible();
  await expect(register.method('Buono weekend')).toBeDisabled();
  await expect(register.paymentCard.getByText('Buono weekend già usato')).toBeVisible();
  await register.method('Twint').check();
  await expect(register.paymentCard.getByRole('img', { name: 'Telefono con un pagamento mobile' })).toBeVisible();
  const payment = (await (await request.get('/api/house/payment')).json()) as { twintPhone: string };
  await register.copyButton('Numero Twint').click();
  await expect(register.toast('Copiato negli appunti')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(payment.twintPhone);
  await expectNoA11yViolations(page);
  await register.save.click();
  await expect(register.doneCard).toBeVisible();
  const paid = await request.get('/api/stays/open');
  expect(((await paid.json()) as { bookings: BookingJson[] }).bookings.some((booking) => booking.id === second)).toBe(false);
});

test('a booking can be cancelled before check-in through the confirm dialog', async ({ page }, testInfo) => {
  // A stay of the member's own, still to come: its check-in is not open yet.
  const year = isPhone(testInfo) ? 2029 : 2030;
  const stay = { start: isoDate(year, 10, 15), end: isoDate(year, 10, 17) };
  await loginAs(page, demo.member);
  const booked = await page.context().request.post('/api/bookings', { data: { ...stay, purpose: 'personal' } });
  expect(booked.status()).toBe(201);
  const id = ((await booked.json()) as { booking: { id: string } }).booking.id;
  const register = new RegisterPage(page);
  await register.goto(id);
  await expect(register.cancelCard).toContainText('solo prima del check-in');

  await register.cancelCard.getByRole('button', { name: 'Elimina' }).click();
  const dialog = page.getByRole('dialog', { name: 'Elimina prenotazione' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Sei sicuro di voler eliminare la prenotazione?');
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Annulla' }).click();
  await expect(dialog).toBeHidden();
  // Before its arrival day the stay says when check-in opens, and shows no form.
  await expect(page.getByRole('heading', { name: `Check-in dal ${displayDate(stay.start)}` })).toBeVisible();
  await expect(register.checkinCard).toHaveCount(0);

  await register.cancelCard.getByRole('button', { name: 'Elimina' }).click();
  await dialog.getByRole('button', { name: 'Elimina' }).click();
  await expect(register.toast('Prenotazione eliminata')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(register.emptySelection).toBeVisible();
  await expect(page).not.toHaveURL(/[?&]booking=/);
  expect((await openStays(page.context().request)).some((booking) => booking.id === id)).toBe(false);
});
