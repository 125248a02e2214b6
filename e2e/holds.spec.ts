import { CalendarPage, display, monthAhead } from './pages/calendar-page.ts';
import { HoldsPage, holdLastDay, newMemberIn } from './pages/holds-page.ts';
import { expect, test } from './support/fixtures.ts';

/** Nine years ahead: no other spec books there. */
const OFFSET = 107;

/** The month's first Monday: a hold from it to Friday is one bar of one week row. */
const firstMonday = ({ year, month }: { year: number; month: number }) => [1, 2, 3, 4, 5, 6, 7].find((d) => new Date(Date.UTC(year, month - 1, d)).getUTCDay() === 1)!;

test('a member holds nights: another tab sees them hatched live and cannot book them; confirmed, they are a booking', async ({ page, context, browser }, testInfo) => {
  const month = monthAhead(OFFSET);
  const monday = firstMonday(month);
  const [arrival, departure, held, alsoHeld] = [monday, monday + 4, monday + 1, monday + 2].map((day) => display(month, day)) as [string, string, string, string];
  const anna = await newMemberIn(context, testInfo, 'Opzione');
  const otherContext = await browser.newContext({ ...testInfo.project.use, serviceWorkers: 'block' });
  const other = await otherContext.newPage();
  await newMemberIn(otherContext, testInfo, 'Attesa');

  // Bruno's tab is open on the month, the nights chosen, not yet saved.
  const brunoCalendar = new CalendarPage(other, true);
  await brunoCalendar.gotoMonth(OFFSET);
  await brunoCalendar.tap(arrival);
  await brunoCalendar.tap(departure);
  await expect(brunoCalendar.save).toBeVisible();

  const calendar = new CalendarPage(page, true);
  const holds = new HoldsPage(page);
  await calendar.gotoMonth(OFFSET);
  await calendar.tap(arrival);
  await calendar.tap(departure);
  await holds.keep();
  await expect(holds.toast(`Opzione fino al ${holdLastDay()}`)).toBeAttached();
  await expect(holds.bars).toContainText(`opzione fino al ${holdLastDay().slice(0, 5)}`);

  // Without a reload, Bruno's calendar draws the hold hatched; saving his choice is refused in Italian.
  const brunoHolds = new HoldsPage(other);
  await expect(brunoHolds.bars).toHaveCount(1, { timeout: 3_000 });
  await brunoCalendar.expectBookedBy(held, anna);
  await brunoCalendar.save.tap();
  await expect(other.getByText(`Queste notti sono in opzione per ${anna} fino al ${holdLastDay()}`).first()).toBeVisible();
  // Tapping the hold tells him whose it is until when, and he may wait for it.
  await brunoCalendar.tap(held);
  await expect(other.getByText(`${anna} tiene queste notti in opzione fino al ${holdLastDay()}.`)).toBeVisible();
  await expect(brunoHolds.notify).toBeVisible();
  await expect(brunoHolds.confirm).toHaveCount(0);

  // Anna confirms: the hatched nights are her booking, in both tabs.
  await calendar.tap(held);
  await expect(holds.panel).toBeVisible();
  await holds.confirm.tap();
  await expect(holds.toast('Prenotazione confermata')).toBeAttached();
  await calendar.expectBookedBy(held, anna);
  await expect(holds.bars).toHaveCount(0);
  await expect(brunoHolds.bars).toHaveCount(0, { timeout: 3_000 });
  await brunoCalendar.expectBookedBy(alsoHeld, anna);
  await otherContext.close();
});
