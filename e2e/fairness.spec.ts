import { randomBytes } from 'node:crypto';
import { request as playwrightRequest, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { CalendarPage, display, iso, monthAhead, monthsFromNow, type Month } from './pages/calendar-page.ts';
import { FairnessViewPage, HomeFairness, RequestComparePage, RulesPage } from './pages/fairness-pages.ts';
import { createMember, loginAsMember, type TestMember } from './pages/settings-pages.ts';
import { DEMO_PASSWORD, demo, emailOf } from './support/demo.ts';
import { expect, loginAs, seriousA11yViolations, test } from './support/fixtures.ts';

/*
 * Fair booking at phone and desktop size. The demo house has a 30-night quota
 * and Natale e Capodanno (20.12–06.01) and Ferragosto as peak periods. Each
 * test acts as members of its own, made fresh by the superadmin, on dates no
 * other spec uses, the two projects (which share one server) apart:
 * Christmas 2029 / 2030, April / May 2031, June / July 2032.
 */
const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'phone';

async function apiAs(testInfo: TestInfo, email: string, password = DEMO_PASSWORD): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: testInfo.project.use.baseURL! });
  const response = await api.post('/api/session', { data: { email, password } });
  expect(response.status()).toBe(200);
  return api;
}

async function expectNoA11yViolations(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

async function calendarAt(page: Page, testInfo: TestInfo, month: Month): Promise<CalendarPage> {
  const calendar = new CalendarPage(page, testInfo.project.use.hasTouch === true);
  await calendar.gotoMonth(monthsFromNow(month));
  return calendar;
}

const bookingBar = (page: Page) => page.getByRole('region', { name: 'Nuova prenotazione' });

async function bookingOf(api: APIRequestContext, member: TestMember, start: string) {
  const history = await api.get(`/api/users/${member.id}/bookings`);
  expect(history.status()).toBe(200);
  return ((await history.json()) as { bookings: Array<{ id: string; start: string; status: string }> }).bookings.find((b) => b.start === start);
}

test('Natale: two members request overlapping nights, an admin approves one, the other sees the decline with its reason', async ({ page, browser }, testInfo) => {
  test.slow();
  const december: Month = { year: isPhone(testInfo) ? 2029 : 2030, month: 12 };
  const anna = await createMember(testInfo, 'Anna Avvento');
  const bruno = await createMember(testInfo, 'Bruno Befana');

  // Anna asks for Christmas: the form says it will be a request, the calendar draws it tentative.
  await loginAsMember(page, anna);
  const calendar = await calendarAt(page, testInfo, december);
  await calendar.tap(display(december, 22));
  await calendar.tap(display(december, 27));
  await expect(bookingBar(page)).toContainText('Periodo di punta (Natale e Capodanno): sarà una richiesta, un amministratore decide.');
  await expect(bookingBar(page).getByTestId('quota')).toContainText(`Notti usate / rimaste nel ${december.year}`);
  await expect(bookingBar(page).getByTestId('quota')).toContainText('0 / 30');
  await calendar.save.click();
  await expect(page.getByText('È una richiesta: un amministratore deciderà.', { exact: true })).toBeVisible();
  await expect(page.locator('[data-status="requested"]').first()).toBeVisible();
  await calendar.tap(display(december, 23));
  await expect(calendar.fact('Stato')).toHaveText('Richiesta');
  await expect(page.getByText('Periodo di punta: è una richiesta. Un amministratore sceglie tra le richieste per queste notti.')).toBeVisible();
  await expectNoA11yViolations(page);

  // Bruno wants nights that overlap: from a free day to one of Anna's requested nights.
  const brunoContext = await browser.newContext({ ...testInfo.project.use });
  const brunoPage = await brunoContext.newPage();
  await loginAsMember(brunoPage, bruno);
  const brunoCalendar = await calendarAt(brunoPage, testInfo, december);
  await brunoCalendar.tap(display(december, 23));
  await expect(brunoPage.getByRole('button', { name: 'Richiedi anche tu' })).toBeVisible();
  await brunoCalendar.tap(display(december, 30));
  await brunoCalendar.tap(display(december, 24));
  await expect(brunoCalendar.fact('Arrivo')).toHaveText(display(december, 24));
  await expect(brunoCalendar.fact('Partenza')).toHaveText(display(december, 30));
  await expect(bookingBar(brunoPage)).toContainText('sarà una richiesta');
  await brunoCalendar.save.click();
  await expect(brunoPage.getByText('È una richiesta: un amministratore deciderà.', { exact: true })).toBeVisible();

  // Giulia compares the two, side by side with their peak nights, and approves Anna's.
  await loginAs(page, demo.admin);
  const home = new HomeFairness(page);
  await home.goto();
  await expect(home.requests).toContainText(anna.name);
  await expect(home.requests).toContainText(bruno.name);
  await home.decide(anna.name);
  const compare = new RequestComparePage(page);
  await expect(compare.column(anna.name)).toContainText('Notti di punta, ultimi cinque anni');
  await expect(compare.column(bruno.name)).toContainText(display(december, 24));
  await expectNoA11yViolations(page);
  await compare.approve(anna.name, 'Anna non ha mai avuto Natale');
  await expect(page.getByText(`Richiesta di ${anna.name} approvata; rifiutate: ${bruno.name}`, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/app$/);

  // Bruno sees the decline with its reason: on Home and in his history.
  const brunoHome = new HomeFairness(brunoPage);
  await brunoHome.goto();
  await expect(brunoHome.notices).toContainText(`La tua richiesta dal ${display(december, 24)} al ${display(december, 30)} è stata rifiutata`);
  await expect(brunoHome.notices).toContainText(`È stata approvata la richiesta di ${anna.name}.`);
  await expect(brunoHome.notices).toContainText('Motivo: Anna non ha mai avuto Natale');
  await expectNoA11yViolations(brunoPage);
  await brunoPage.goto(`/app/prenotazioni/${bruno.id}`);
  const entry = brunoPage.getByRole('button', { name: new RegExp(`${display(december, 24)} – ${display(december, 30)}`) });
  await expect(entry).toContainText('Rifiutata');
  await entry.click();
  await expect(brunoPage.getByText(`è stata approvata la richiesta di ${anna.name}`)).toBeVisible();
  await expect(brunoPage.getByText('Motivo: Anna non ha mai avuto Natale')).toBeVisible();
  await brunoContext.close();

  // Anna's stay is confirmed.
  const api = await apiAs(testInfo, anna.email, anna.password);
  expect((await bookingOf(api, anna, iso(december, 22)))?.status).toBe('confirmed');
  await api.dispose();
});

test('the quota in the form: nights used and left in the year; a stay past it is refused with both numbers', async ({ page }, testInfo) => {
  test.slow();
  const month = monthAhead(isPhone(testInfo) ? 53 : 54);
  const carla = await createMember(testInfo, 'Carla Conta');
  // Giulia gives Carla five nights a year; Carla already has two of them booked.
  const giulia = await apiAs(testInfo, emailOf(demo.admin));
  expect((await giulia.put(`/api/house/rules/quotas/${carla.id}`, { data: { quotaNights: 5 } })).status()).toBe(200);
  await giulia.dispose();
  const api = await apiAs(testInfo, carla.email, carla.password);
  const booked = await api.post('/api/bookings', { data: { start: iso(month, 1), end: iso(month, 3), purpose: 'personal' } });
  expect(booked.status(), await booked.text()).toBe(201);
  await api.dispose();

  await loginAsMember(page, carla);
  const calendar = await calendarAt(page, testInfo, month);
  await calendar.tap(display(month, 10));
  await calendar.tap(display(month, 15));
  const quota = bookingBar(page).getByTestId('quota');
  await expect(quota).toContainText(`Notti usate / rimaste nel ${month.year}`);
  await expect(quota).toContainText('2 / 3');
  await expectNoA11yViolations(page);
  await calendar.save.click();
  await expect(bookingBar(page).getByRole('alert')).toHaveText(`Quota superata: nel ${month.year} hai usato 2 notti, te ne restano 3`);
  await calendar.expectFree(display(month, 11));

  // Three nights fit; afterwards nothing is left.
  await page.getByRole('button', { name: 'Annulla selezione' }).click();
  await calendar.tap(display(month, 10));
  await calendar.tap(display(month, 13));
  await calendar.save.click();
  await expect(page.getByText('Prenotazione salvata', { exact: true })).toBeVisible();
  await calendar.expectBookedBy(display(month, 11), carla.name);
  await calendar.tap(display(month, 20));
  await calendar.tap(display(month, 21));
  await expect(bookingBar(page).getByTestId('quota')).toContainText('5 / 0');
});

test('picking turns: a member outside their turn is refused with whose turn it is, and books once the turn passes to them', async ({ page, browser }, testInfo) => {
  test.slow();
  // A round holds days 1–28 for its members: months no other spec books, outside the peaks (the calendar spec's desktop keyboard test is on 67).
  const month = monthAhead(isPhone(testInfo) ? 39 : 40);
  const dario = await createMember(testInfo, 'Dario Dritto');
  const ester = await createMember(testInfo, 'Ester Estate');
  const marco = await apiAs(testInfo, emailOf(demo.superadmin));
  const opened = await marco.post('/api/turns', { data: { from: iso(month, 1), to: iso(month, 28), order: [dario.id, ester.id], nightsPerTurn: 7, windowHours: 48 } });
  expect(opened.status(), await opened.text()).toBe(201);
  const roundId = ((await opened.json()) as { round: { id: string } }).round.id;

  try {
    // Ester sees the queue on the calendar: Dario now, then her.
    await loginAsMember(page, ester);
    const calendar = await calendarAt(page, testInfo, month);
    const turns = page.getByRole('region', { name: 'Turni di scelta' });
    await expect(turns).toContainText(`Ora tocca a ${dario.name}`);
    await expect(turns).toContainText(`Poi: ${ester.name}`);
    await calendar.tap(display(month, 10));
    await calendar.tap(display(month, 13));
    await expect(bookingBar(page)).toContainText(`Turni di scelta in queste date: ora tocca a ${dario.name}`);
    await calendar.save.click();
    await expect(bookingBar(page).getByRole('alert')).toHaveText(`Non è il tuo turno: ora tocca a ${dario.name}`);
    await expectNoA11yViolations(page);

    // Dario passes his turn on his Home: Ester's screen follows live, and now she books.
    const darioContext = await browser.newContext({ ...testInfo.project.use });
    const darioPage = await darioContext.newPage();
    await loginAsMember(darioPage, dario);
    const darioHome = new HomeFairness(darioPage);
    await darioHome.goto();
    await expect(darioHome.turns).toContainText('Tocca a te!');
    await darioHome.passTurn();
    await darioContext.close();
    await expect(turns).toContainText('Tocca a te!');
    await expect(bookingBar(page)).toContainText('È il tuo turno di scelta: al massimo 7 notti in queste date.');
    await calendar.save.click();
    await expect(page.getByText('Prenotazione salvata', { exact: true })).toBeVisible();
    await calendar.expectBookedBy(display(month, 11), ester.name);
  } finally {
    await marco.delete(`/api/turns/${roundId}`);
    await marco.dispose();
  }
});

test('house rules: an admin gives a member a quota of their own and adds a one-year peak period; members read the rules, the history and the fairness view', async ({ page }, testInfo) => {
  test.slow();
  const fede = await createMember(testInfo, 'Fede Fiocco');
  const peakName = `Ponte ${testInfo.project.name} ${randomBytes(3).toString('hex')}`;
  const peakYear = isPhone(testInfo) ? '2035' : '2036';

  await loginAs(page, demo.admin);
  const rules = new RulesPage(page);
  await rules.open();
  await expect(rules.limits.getByLabel('Quota annuale (notti personali)')).toHaveValue('30');
  await rules.setMemberQuota(fede.name, '12');
  await expect(rules.quotas.getByRole('listitem').filter({ hasText: fede.name })).toContainText('Quota propria: 12 notti');
  await rules.addPeak({ name: peakName, from: '29.5', to: '2.6', year: peakYear });
  await expect(rules.peak(peakName)).toContainText(`dal 29.05 al 02.06, solo nel ${peakYear}`);
  await expect(rules.peak('Natale e Capodanno')).toContainText('dal 20.12 al 06.01, ogni anno');
  await expect(rules.history).toContainText(`Quota di ${fede.name}: quota della casa → 12 notti`);
  await expect(rules.history).toContainText(`Periodo di punta: aggiunto: ${peakName} dal 29.05 al 02.06, solo nel ${peakYear}`);
  await expectNoA11yViolations(page);
  await rules.peaks.getByRole('button', { name: `Elimina ${peakName}` }).click();
  await rules.dialog(`Eliminare ${peakName}?`).getByRole('button', { name: 'Elimina' }).click();
  await expect(rules.peak(peakName)).toHaveCount(0);
  // The form that opens picking turns refuses a round without dates.
  const turns = await rules.startTurns();
  await expect(turns.getByRole('list', { name: 'Ordine' }).getByRole('listitem')).not.toHaveCount(0);
  await turns.getByRole('button', { name: 'Apri turni' }).click();
  await expect(turns).toContainText('Scegli le date');
  await expectNoA11yViolations(page);
  await turns.getByRole('button', { name: 'Annulla' }).click();
  await expect(turns).toBeHidden();

  // A member reads everything and changes nothing.
  await loginAsMember(page, fede);
  await rules.open();
  await expect(rules.limits).toContainText('30 notti');
  await expect(rules.limits).toContainText('Solo gli amministratori possono cambiare le regole.');
  await expect(rules.limits.getByRole('textbox')).toHaveCount(0);
  await expect(rules.quotas).toContainText(fede.name);
  await expect(rules.peaks.getByRole('button')).toHaveCount(0);
  await expect(rules.turns).toBeVisible();
  await expect(rules.turns.getByRole('button', { name: 'Apri turni' })).toHaveCount(0);
  await expect(rules.history).toContainText(`Periodo di punta: eliminato: ${peakName}`);
  await expect(rules.history).toContainText(demo.admin.name);
  await expectNoA11yViolations(page);

  const view = new FairnessViewPage(page);
  await view.open();
  await expect(view.table(/^Notti per membro nel \d{4}$/)).toContainText(fede.name);
  await expect(view.table('Notti di punta per membro e anno')).toContainText(fede.name);
  await expectNoA11yViolations(page);
});
