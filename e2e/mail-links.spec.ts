import { request as playwrightRequest } from '@playwright/test';
import { CalendarPage, display, iso, monthAhead, monthTitle, type Month } from './pages/calendar-page.ts';
import { createMember, loginAsMember } from './pages/settings-pages.ts';
import { DEMO_PASSWORD, demo, emailOf } from './support/demo.ts';
import { expect, test } from './support/fixtures.ts';
import { buttonLink, waitForMail } from './support/mail.ts';

/*
 * A link taken out of an email, as a member's mail client would follow it (phone only: this spec
 * has no tag). A member who reads fair booking's news by email asks for Ferragosto; an
 * administrator approves; the email's button opens the calendar on that August with the stay's
 * detail. Ferragosto of the year eight and a half to nine and a half years ahead: no other spec
 * books that far.
 */
const port = Number(process.env.E2E_PORT ?? 8181);

/** The first August at least 100 months from now, within the ten years a stay may be booked ahead. */
function farFerragosto(): Month {
  const from = monthAhead(100);
  return { year: from.month <= 8 ? from.year : from.year + 1, month: 8 };
}

test("the booking link of an email opens the booking's month with its detail", async ({ page }, testInfo) => {
  const august = farFerragosto();
  const elsa = await createMember(testInfo, 'Elsa Email');
  const api = await playwrightRequest.newContext({ baseURL: testInfo.project.use.baseURL! });
  try {
    expect((await api.post('/api/session', { data: { email: elsa.email, password: elsa.password } })).status()).toBe(200);
    const choices = await api.put('/api/profile/notifications', { data: { bookings: 'none', notes: 'none', reminders: 'push', fairness: 'email' } });
    expect(choices.status(), await choices.text()).toBe(200);
    const asked = await api.post('/api/bookings', { data: { start: iso(august, 12), end: iso(august, 14), purpose: 'personal' } });
    expect(asked.status(), await asked.text()).toBe(201);
    const booking = ((await asked.json()) as { booking: { id: string; status: string } }).booking;
    expect(booking.status).toBe('requested');

    expect((await api.post('/api/session', { data: { email: emailOf(demo.admin), password: DEMO_PASSWORD } })).status()).toBe(200);
    const approved = await api.post(`/api/bookings/${booking.id}/approval`, { data: { decision: 'approve', start: iso(august, 12), end: iso(august, 14) } });
    expect(approved.status(), await approved.text()).toBe(200);

    const mail = await waitForMail(port, elsa.email, (m) => m.subject === 'Richiesta approvata');
    const link = buttonLink(mail, "Apri l'app");
    expect(link).toBe(`http://127.0.0.1:${port}/app/calendario?mese=${iso(august, 1).slice(0, 7)}&prenotazione=${booking.id}`);

    await loginAsMember(page, elsa);
    await page.goto(link!);
    const calendar = new CalendarPage(page, true);
    await expect(calendar.title).toHaveText(monthTitle(august));
    await calendar.expectLoaded();
    await expect(calendar.fact('Arrivo')).toHaveText(display(august, 12));
    await expect(calendar.fact('Partenza')).toHaveText(display(august, 14));
    await expect(calendar.fact('Stato')).toHaveText('Confermata');
    await calendar.expectSelected(display(august, 12));
  } finally {
    await api.dispose();
  }
});
