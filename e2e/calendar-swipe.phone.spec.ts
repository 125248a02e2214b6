import { CalendarPage, display, monthAhead } from './pages/calendar-page.ts';
import { demo } from './support/demo.ts';
import { expect, loginAs, test } from './support/fixtures.ts';

// Touch only: the phone project runs this file, the desktop project ignores it.
test.beforeEach(async ({ page }) => loginAs(page, demo.member));

test('a quick swipe on the grid scrolls the page and selects nothing', async ({ page }) => {
  const offset = 25;
  const month = monthAhead(offset);
  const calendar = new CalendarPage(page, true);
  await calendar.gotoMonth(offset);
  const box = (await calendar.day(display(month, 15)).boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await calendar.touchPath([{ x, y }, { x, y: y - 250 }], 0);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expect(calendar.emptyHint).toBeVisible();
  await expect(page.locator('button[data-day][aria-pressed="true"]')).toHaveCount(0);
});
