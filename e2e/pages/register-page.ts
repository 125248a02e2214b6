import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';

/** The meter's last reading, as `GET /api/meter/latest` answers. */
export interface MeterReading {
  dayKwh: number;
  nightKwh: number;
  totalKwh: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** `2029-08-06` → `06.08.2029`, as the app shows dates. */
export const displayDate = (iso: string) => iso.split('-').reverse().join('.');
export const isoDate = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/**
 * Readings the shared meter accepts: `step` kWh above the last one, read just
 * now. Parallel tests read and add at the same moment, and an equal total is
 * accepted, so a generous step keeps every test's reading valid.
 */
export async function nextReading(request: APIRequestContext, step = 500): Promise<{ dayKwh: number; nightKwh: number }> {
  const response = await request.get('/api/meter/latest');
  expect(response.status()).toBe(200);
  const { reading } = (await response.json()) as { reading: MeterReading | null };
  const tenth = (kwh: number) => Math.round(kwh * 10) / 10;
  // Most electricity runs on the day rate.
  return { dayKwh: tenth((reading?.dayKwh ?? 0) + step * 0.7), nightKwh: tenth((reading?.nightKwh ?? 0) + step * 0.3) };
}

/** Gestione › Registra. */
export class RegisterPage {
  readonly selector: Locator;
  readonly emptySelection: Locator;
  readonly checkinCard: Locator;
  readonly checkoutCard: Locator;
  readonly paymentCard: Locator;
  readonly doneCard: Locator;
  readonly cancelCard: Locator;
  /** The chosen stay's step, whichever it is. */
  readonly stepCard: Locator;
  readonly day: Locator;
  readonly night: Locator;
  readonly note: Locator;
  readonly save: Locator;
  readonly maintenanceInfo: Locator;
  readonly checklistButton: Locator;
  readonly checklistDialog: Locator;
  readonly checklistDone: Locator;
  readonly checklistError: Locator;
  readonly total: Locator;
  readonly qrBill: Locator;
  readonly qrBillOpen: Locator;
  /** The QR-bill's full-screen view. */
  readonly qrFullScreen: Locator;
  readonly saveWarning: Locator;

  constructor(readonly page: Page) {
    this.selector = page.getByRole('combobox', { name: 'Seleziona prenotazione' });
    this.emptySelection = page.getByText('Seleziona una prenotazione per procedere.');
    this.checkinCard = page.getByRole('region', { name: 'Registra Check-In (Arrivo)' });
    this.checkoutCard = page.getByRole('region', { name: 'Registra Check-Out (Partenza)' });
    this.paymentCard = page.getByRole('region', { name: 'Pagamento' });
    this.doneCard = page.getByRole('region', { name: 'Soggiorno concluso' });
    this.cancelCard = page.getByRole('region', { name: 'Annulla prenotazione' });
    this.stepCard = this.checkinCard.or(this.checkoutCard).or(this.paymentCard).or(this.doneCard);
    this.day = page.getByLabel('kWh diurni');
    this.night = page.getByLabel('kWh notturni');
    this.note = page.getByLabel('Nota (facoltativa)');
    this.save = page.getByRole('button', { name: 'Salva', exact: true });
    this.maintenanceInfo = page.getByText('Questa prenotazione è per scopi di lavoro/manutenzione, registra comunque i kW!');
    this.checklistButton = page.getByRole('button', { name: 'Apri la lista delle pulizie' });
    this.checklistDialog = page.getByRole('dialog', { name: 'Lista delle pulizie' });
    this.checklistDone = page.getByRole('checkbox', { name: 'Ho completato la lista delle pulizie' });
    this.checklistError = page.getByText('Conferma di aver completato la lista delle pulizie');
    this.total = page.getByTestId('payment-total');
    this.qrBill = page.getByRole('img', { name: /^Polizza di versamento QR/ });
    this.qrBillOpen = page.getByRole('button', { name: 'Apri la polizza QR a schermo intero' });
    this.qrFullScreen = page.getByRole('dialog', { name: 'Polizza di versamento QR' });
    this.saveWarning = page.getByText('Dopo aver pagato, premi Salva per registrare il pagamento.');
  }

  /** Opens the tab, with a booking already chosen when `bookingId` is given (as after a reload). */
  async goto(bookingId?: string) {
    await this.page.goto(`/app/gestione${bookingId ? `?booking=${encodeURIComponent(bookingId)}` : ''}`);
    await expect(this.selector).toBeVisible();
  }

  /** Chooses a booking in the selector by its dates `dd.MM.yyyy – dd.MM.yyyy`. */
  async choose(start: string, end: string) {
    await this.selector.click();
    await this.expectMenuOnScreen();
    await this.page.getByRole('option', { name: new RegExp(`^${displayDate(start)} – ${displayDate(end)} · `) }).click();
  }

  /** The open list of bookings fits the screen's width, however long its labels (a phone's too). */
  async expectMenuOnScreen() {
    await expect(this.page.getByRole('listbox')).toBeVisible();
    const list = await this.page.getByRole('listbox').boundingBox();
    const width = this.page.viewportSize()?.width ?? 0;
    expect(list).not.toBeNull();
    expect(list!.x).toBeGreaterThanOrEqual(0);
    expect(list!.x + list!.width).toBeLessThanOrEqual(width);
  }

  tick(name: 'Check-in' | 'Check-out' | 'Pagato'): Locator {
    return this.page.getByRole('checkbox', { name, exact: true });
  }

  async expectTicks(checkIn: boolean, checkOut: boolean, paid: boolean) {
    for (const [name, on] of [['Check-in', checkIn], ['Check-out', checkOut], ['Pagato', paid]] as const) {
      if (on) await expect(this.tick(name)).toBeChecked();
      else await expect(this.tick(name)).not.toBeChecked();
      await expect(this.tick(name)).toBeDisabled();
    }
  }

  async fillReadings(reading: { dayKwh: number; nightKwh: number }) {
    await this.day.fill(String(reading.dayKwh));
    await this.night.fill(String(reading.nightKwh));
  }

  /** Opens the checklist, ticks every item by a click and closes it; returns the item ids seen. */
  /**
   * Types fresh readings and saves until the next step shows. The meter is
   * shared with the tests running beside this one: if one of them recorded a
   * higher total between our look at the meter and the save, the app answers
   * 'Dati non corretti', and we read the meter again, as one would at the house.
   */
  async saveReadings(request: APIRequestContext, step: number, next: Locator, card: Locator) {
    const refused = card.getByText('Dati non corretti').first();
    for (let attempt = 0; attempt < 4; attempt++) {
      await this.fillReadings(await nextReading(request, step));
      await this.save.click();
      await expect(next.or(refused)).toBeVisible();
      if (await next.isVisible()) return;
    }
    throw new Error('the readings were refused four times');
  }

  /**
   * Holds the server's answer to a step (a slow network) until `shown` is on screen: the live
   * event of the saved step has already brought the next card when the answer arrives.
   * Refusals pass at once.
   */
  async answerLate(step: 'checkin' | 'checkout' | 'payment', shown: Locator) {
    await this.page.route(`**/api/bookings/*/${step}`, async (route) => {
      const response = await route.fetch();
      if (response.ok()) await shown.waitFor();
      await route.fulfill({ response });
    });
  }

  async tickWholeChecklist(): Promise<string[]> {
    await this.checklistButton.click();
    await expect(this.checklistDialog).toBeVisible();
    const items = this.checklistDialog.getByRole('checkbox');
    const ids: string[] = [];
    const count = await items.count();
    for (let i = 0; i < count; i++) {
      const item = items.nth(i);
      ids.push((await item.getAttribute('value')) ?? '');
      await item.click();
      await expect(item).toBeChecked();
    }
    await this.checklistDialog.getByRole('button', { name: 'Chiudi' }).click();
    await expect(this.checklistDialog).toBeHidden();
    return ids;
  }

  /**
   * The QR code of the full-screen view as a banking app's camera would find it: a screenshot of
   * the screen, decoded. Its side (from the code's corners) and centre in CSS px, and what it says.
   */
  async scanFullScreenQr(): Promise<{ data: string; side: number; centre: { x: number; y: number } }> {
    const image = this.qrFullScreen.getByRole('img');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const ratio = await this.page.evaluate(() => window.devicePixelRatio);
    // What the piece of the bill that holds the code shows on screen, whatever lies over it.
    const clip = (await image.locator('..').boundingBox())!;
    const { data, info } = await sharp(await this.page.screenshot({ clip })).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    expect(code, 'the QR code on screen decodes').not.toBeNull();
    const { topLeftCorner: a, topRightCorner: b, bottomLeftCorner: c, bottomRightCorner: d } = code!.location;
    const side = Math.min(Math.hypot(b.x - a.x, b.y - a.y), Math.hypot(c.x - a.x, c.y - a.y)) / ratio;
    return { data: code!.data, side, centre: { x: clip.x + (a.x + d.x) / 2 / ratio, y: clip.y + (a.y + d.y) / 2 / ratio } };
  }

  /** Whether what the screen shows at a point (CSS px) belongs to the QR-bill's full-screen view. */
  fullScreenOnTopAt(point: { x: number; y: number }): Promise<boolean> {
    return this.qrFullScreen.evaluate((view, { x, y }) => view.contains(document.elementFromPoint(x, y)), point);
  }

  method(name: 'Bonifico bancario' | 'Twint' | 'Buono weekend'): Locator {
    return this.paymentCard.getByRole('radio', { name });
  }

  copyButton(label: string): Locator {
    return this.paymentCard.getByRole('button', { name: new RegExp(`^${label}`) });
  }

  /** A step saved on the phone and waiting for the network, by its card's title ('Check-in in attesa'…). */
  waitingStep(title: string): Locator {
    return this.page.getByRole('region', { name: title });
  }

  /** A toast, by its title. */
  toast(text: string): Locator {
    return this.page.getByRole('status').filter({ hasText: text }).first();
  }

  /** A toast as drawn on screen (`toast` finds its announcement, which is not). */
  drawnToast(text: string): Locator {
    return this.page.locator('ol > li').filter({ hasText: text });
  }

  summaryRow(label: RegExp): Locator {
    return this.paymentCard.getByRole('row', { name: label });
  }
}
