import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases.ts';
import { addDays, formatDisplayDate, readingTotal } from '@rustico/core';
import { MINUTE, startTestApp, type TestApp, type TestClient } from '../test/test-app.ts';
import { stayReference } from './qr-bill.ts';

describe.each(testDialects)('check-in, check-out and payment (%s)', (dialect) => {
  let t: TestApp;
  let anna: TestClient;
  let bruno: TestClient;
  let dateOffset = 0;

  /** A fresh booking of Anna's, each in its own week of 2027. */
  async function book(client: TestClient = anna, purpose: 'personal' | 'maintenance' = 'personal', nights = 3) {
    dateOffset += 7;
    const start = new Date(Date.UTC(2027, 0, 1 + dateOffset)).toISOString().slice(0, 10);
    const end = new Date(Date.UTC(2027, 0, 1 + dateOffset + nights)).toISOString().slice(0, 10);
    const response = await client.post('/api/bookings', { start, end, purpose });
    expect(response.status).toBe(201);
    return response.body.booking;
  }

  /** The meter keeps counting up across the whole test file. */
  let meter = 10_000;
  const nextReading = (used = 0) => {
    meter += used;
    return { dayKwh: Math.round(meter * 0.6 * 10) / 10, nightKwh: Math.round((meter - Math.round(meter * 0.6 * 10) / 10) * 10) / 10 };
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    anna = await t.login('member');
    bruno = await t.login('member');
  });
  afterAll(() => t.close());

  it('goes check-in → check-out → payment, with the cost from the nights and the kWh', async () => {
    const booking = await book();
    expect((await anna.get('/api/stays/open')).body.bookings.map((b: any) => b.id)).toContain(booking.id);

    const arrival = nextReading();
    t.clock.advanceToDay(booking.start);
    const checkedIn = await anna.post(`/api/bookings/${booking.id}/checkin`, { ...arrival, note: '  Arrivati, tutto in ordine.  ' });
    expect(checkedIn.status).toBe(200);
    expect(checkedIn.body.booking).toMatchObject({ checkedIn: true, checkedOut: false, paid: false, kwhUsed: 0 });
    expect((await anna.get('/api/meter/latest')).body.reading).toMatchObject({ totalKwh: meter });

    const departure = nextReading(120.4);
    const checkedOut = await anna.post(`/api/bookings/${booking.id}/checkout`, { ...departure, checklistDone: true, note: 'Legna finita, da ordinare.' });
    expect(checkedOut.status).toBe(200);
    // 3 nights × 50 + 120.4 kWh × 0.30 = 186.12 → 186.10
    expect(checkedOut.body.booking).toMatchObject({ checkedOut: true, kwhUsed: 120.4, costCentimes: 18_610, paid: false });

    const paid = await anna.post(`/api/bookings/${booking.id}/payment`, { method: 'bank_transfer' });
    expect(paid.status).toBe(200);
    expect(paid.body.booking).toMatchObject({ paid: true, paymentMethod: 'bank_transfer' });
    expect((await anna.get('/api/stays/open')).body.bookings.map((b: any) => b.id)).not.toContain(booking.id);

    // The notes went to the board with their labels, visible to others.
    const notes = (await bruno.get('/api/notes')).body.notes;
    expect(notes.find((n: any) => n.text === 'Arrivati, tutto in ordine.')).toMatchObject({ label: { kind: 'checkin', date: booking.start } });
    expect(notes.find((n: any) => n.text === 'Legna finita, da ordinare.')).toMatchObject({ label: { kind: 'checkout', date: booking.end } });
  });

  it('charges nothing for a maintenance stay', async () => {
    const booking = await book(anna, 'maintenance', 2);
    t.clock.advanceToDay(booking.start);
    await anna.post(`/api/bookings/${booking.id}/checkin`, nextReading());
    const out = await anna.post(`/api/bookings/${booking.id}/checkout`, { ...nextReading(55.5), checklistDone: true });
    expect(out.body.booking).toMatchObject({ costCentimes: 0, kwhUsed: 55.5 });
  });

  it('refuses a reading lower than the last one, changing nothing', async () => {
    const booking = await book();
    t.clock.advanceToDay(booking.start);
    const low = await anna.post(`/api/bookings/${booking.id}/checkin`, { dayKwh: 1, nightKwh: 1 });
    expect(low.status).toBe(400);
    expect(low.body.error.code).toBe('READING_TOO_LOW');
    expect((await anna.get(`/api/users/${booking.ownerId}/bookings`)).body.bookings.find((b: any) => b.id === booking.id).checkedIn).toBe(false);
    expect((await anna.get('/api/meter/latest')).body.reading.totalKwh).toBe(meter);
  });

  it('checks each register on its own: one gone back is refused with its field named, even when the sum is higher', async () => {
    const booking = await book();
    t.clock.advanceToDay(booking.start);
    const last = nextReading();
    const refusal = async (reading: { dayKwh: number; nightKwh: number }, step = 'checkin') => {
      const response = await anna.post(`/api/bookings/${booking.id}/${step}`, { ...reading, checklistDone: step === 'checkout' || undefined });
      return { status: response.status, code: response.body.error?.code, field: response.body.error?.field };
    };
    // The day register typed wrong, the night far higher: the sum alone would have let it through.
    expect(readingTotal({ dayKwh: 100, nightKwh: last.nightKwh + last.dayKwh })).toBeGreaterThan(meter);
    expect(await refusal({ dayKwh: 100, nightKwh: last.nightKwh + last.dayKwh })).toEqual({ status: 400, code: 'READING_TOO_LOW', field: 'dayKwh' });
    expect(await refusal({ dayKwh: last.dayKwh + 500, nightKwh: last.nightKwh - 0.1 })).toEqual({ status: 400, code: 'READING_TOO_LOW', field: 'nightKwh' });
    // Both back: no one field to blame, both are wrong.
    expect(await refusal({ dayKwh: 1, nightKwh: 1 })).toEqual({ status: 400, code: 'READING_TOO_LOW', field: undefined });
    expect((await anna.get(`/api/users/${booking.ownerId}/bookings`)).body.bookings.find((b: any) => b.id === booking.id).checkedIn).toBe(false);
    expect((await anna.get('/api/meter/latest')).body.reading).toMatchObject({ ...last, totalKwh: meter });

    // A register unchanged is fine (the night rate may not have run).
    const arrival = { dayKwh: last.dayKwh + 12, nightKwh: last.nightKwh };
    expect((await anna.post(`/api/bookings/${booking.id}/checkin`, arrival)).status).toBe(200);
    meter = readingTotal(arrival);
    expect(await refusal({ dayKwh: arrival.dayKwh + 40, nightKwh: arrival.nightKwh - 3 }, 'checkout')).toEqual({
      status: 400,
      code: 'READING_TOO_LOW',
      field: 'nightKwh',
    });
    const out = await anna.post(`/api/bookings/${booking.id}/checkout`, { ...nextReading(40), checklistDone: true });
    expect(out.status).toBe(200);
  });

  it('refuses steps out of order, repeated, or by someone else', async () => {
    const booking = await book();
    const early = await anna.post(`/api/bookings/${booking.id}/checkout`, { ...nextReading(), checklistDone: true });
    expect({ status: early.status, code: early.body.error.code }).toEqual({ status: 409, code: 'STEP_OUT_OF_ORDER' });
    expect((await anna.post(`/api/bookings/${booking.id}/payment`, { method: 'twint' })).body.error.code).toBe('STEP_OUT_OF_ORDER');
    const foreign = await bruno.post(`/api/bookings/${booking.id}/checkin`, nextReading());
    expect(foreign.status).toBe(403);
    t.clock.advanceToDay(booking.start);
    expect((await anna.post(`/api/bookings/${booking.id}/checkin`, nextReading())).status).toBe(200);
    const again = await anna.post(`/api/bookings/${booking.id}/checkin`, nextReading());
    expect({ status: again.status, code: again.body.error.code }).toEqual({ status: 409, code: 'STEP_DONE' });
    const unticked = await anna.post(`/api/bookings/${booking.id}/checkout`, { ...nextReading(3), checklistDone: false });
    expect({ status: unticked.status, code: unticked.body.error.code }).toEqual({ status: 400, code: 'CHECKLIST_NOT_DONE' });
    // A checked-in stay can no longer be cancelled.
    expect((await anna.delete(`/api/bookings/${booking.id}`)).body.error.code).toBe('BOOKING_CHECKED_IN');
  });

  it("opens check-in on the arrival day in the house's time, not before", async () => {
    const booking = await book();
    const meterBefore = (await anna.get('/api/meter/latest')).body.reading?.totalKwh ?? null;
    // 23:30 in Corzoneso (UTC+1 in winter) on the day before arrival.
    t.clock.advanceToDay(addDays(booking.start, -1));
    t.clock.advance(22 * 60 * MINUTE + 30 * MINUTE - 9 * 60 * MINUTE);
    const early = await anna.post(`/api/bookings/${booking.id}/checkin`, nextReading());
    expect({ status: early.status, code: early.body.error.code }).toEqual({ status: 409, code: 'CHECKIN_TOO_EARLY' });
    expect(early.body.error.message).toContain(formatDisplayDate(booking.start));
    expect((await anna.get('/api/meter/latest')).body.reading?.totalKwh ?? null).toBe(meterBefore);
    expect((await anna.delete(`/api/bookings/${booking.id}`)).status).toBe(204);
    const again = await book();
    // 00:30 in Corzoneso on the arrival day is still the day before in UTC.
    t.clock.advanceToDay(addDays(again.start, -1));
    t.clock.advance(23 * 60 * MINUTE + 30 * MINUTE - 9 * 60 * MINUTE);
    expect(t.clock.now().toISOString().slice(0, 10)).toBe(addDays(again.start, -1));
    expect((await anna.post(`/api/bookings/${again.id}/checkin`, nextReading())).status).toBe(200);
  });

  it('lets the weekend voucher be used once, even by two requests at the same moment', async () => {
    const carla = await t.login('member');
    const stays = [await book(carla, 'personal', 2), await book(carla, 'personal', 2)];
    for (const stay of stays) {
      t.clock.advanceToDay(stay.start);
      await carla.post(`/api/bookings/${stay.id}/checkin`, nextReading());
      await carla.post(`/api/bookings/${stay.id}/checkout`, { ...nextReading(10), checklistDone: true });
    }
    const [first, second] = await Promise.all(stays.map((stay) => carla.post(`/api/bookings/${stay.id}/payment`, { method: 'voucher' })));
    expect([first!.status, second!.status].sort()).toEqual([200, 409]);
    expect([first, second].find((r) => r!.status === 409)!.body.error.code).toBe('VOUCHER_USED');
    expect((await carla.get('/api/session')).body.user.giftUsed).toBe(true);
  });

  it('makes a scannable QR-bill for the cost, with a reference to the stay', async () => {
    const booking = await book();
    expect((await anna.get(`/api/bookings/${booking.id}/qr-bill.svg`)).status).toBe(409);
    t.clock.advanceToDay(booking.start);
    await anna.post(`/api/bookings/${booking.id}/checkin`, nextReading());
    await anna.post(`/api/bookings/${booking.id}/checkout`, { ...nextReading(42), checklistDone: true });
    const bill = await anna.get(`/api/bookings/${booking.id}/qr-bill.svg`);
    expect(bill.status).toBe(200);
    expect(bill.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    expect(bill.body).toContain('<svg');
    expect(bill.body).toContain('CH93 0076 2011 6238 5295 7');
    expect(bill.body).toContain('Famiglia Bernasconi');
    expect(bill.body).toMatch(/Ricevuta|Sezione pagamento/);
    // For a page in French, a QR-facture, as the Swiss payment standards name its parts.
    const french = await anna.request('GET', `/api/bookings/${booking.id}/qr-bill.svg`, undefined, { 'accept-language': 'fr-CH, fr;q=0.9' });
    for (const label of ['Récépissé', 'Section paiement', 'Compte / Payable à', 'Informations supplémentaires']) expect(french.body).toContain(label);
    expect(french.body).not.toContain('Sezione pagamento');
    expect(french.headers.get('vary')).toBe('Accept-Language, Cookie');
    expect(stayReference(booking)).toMatch(/^RF\d{2}[0-9A-Z]{20}$/);
    expect((await bruno.get(`/api/bookings/${booking.id}/qr-bill.svg`)).status).toBe(403);
  });

  it('serves the checklist and the payment details of the content folder', async () => {
    const checklist = (await anna.get('/api/house/checklist')).body;
    expect(checklist.groups.map((g: any) => [g.title, g.items.length])).toEqual([
      ['Cucina', 5],
      ['Salotto', 1],
      ['Camere', 4],
      ['Bagni', 4],
      ['Esterno', 1],
    ]);
    expect(checklist.groups.flatMap((g: any) => g.items.map((i: any) => i.id))).toEqual([
      'kitchen-1', 'kitchen-2', 'kitchen-3', 'kitchen-4', 'kitchen-5', 'lounge-1',
      'bedroom-1', 'bedroom-2', 'bedroom-3', 'bedroom-4', 'bathroom-1', 'bathroom-2', 'bathroom-3', 'bathroom-4', 'extern-1',
    ]);
    expect((await anna.get('/api/house/payment')).body).toMatchObject({ iban: 'CH93 0076 2011 6238 5295 7', twintPhone: expect.any(String) });
  });
});

describe('the QR-bill a banking app scans', () => {
  it('decodes to a Swiss Payments Code with the account, the amount and the stay reference', async () => {
    const { default: sharp } = await import('sharp');
    const { default: jsQR } = await import('jsqr');
    const { qrBillSvg } = await import('./qr-bill.ts');
    const { readPaymentDetails } = await import('../house/content.ts');
    const { loadConfig } = await import('../config.ts');
    const booking = { id: 'a1b2c3d4-e5f6-7890-abcd-ef0123456789', start: '2026-12-04', end: '2026-12-07', costCentimes: 18_610, ownerName: 'Luca Bernasconi' };
    const svg = await qrBillSvg(await readPaymentDetails(loadConfig({}).contentDir), booking, 'it');
    // The payment part is 210 × 105 mm; its QR code sits at 67–113 mm across, 17–63 mm down.
    const image = sharp(Buffer.from(svg), { density: 100 }).flatten({ background: '#ffffff' });
    const { width } = await image.metadata();
    const mm = width! / 210;
    const { data, info } = await image
      .extract({ left: Math.round(62 * mm), top: Math.round(12 * mm), width: Math.round(56 * mm), height: Math.round(56 * mm) })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    expect(code).not.toBeNull();
    const lines = code!.data.split(/\r?\n/);
    expect(lines.slice(0, 3)).toEqual(['SPC', '0200', '1']);
    expect(lines[3]).toBe('CH9300762011623852957');
    expect(lines).toContain('186.10');
    expect(lines).toContain('CHF');
    expect(lines).toContain('SCOR');
    expect(lines).toContain(stayReference(booking));
    expect(code!.data).toContain('Soggiorno 04.12.2026 - 07.12.2026');
  });
});
