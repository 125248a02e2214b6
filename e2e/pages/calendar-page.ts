import { formatDisplayDate, formatMonth, HOLD_TO_DRAG_MS, monthOf, shiftMonth, todayIn, type CalendarMonth } from '@rustico/core';
import { expect, type Locator, type Page } from '@playwright/test';

/** The house's time zone in the demo (and the e2e browser's). */
const HOUSE_TIME_ZONE = 'Europe/Zurich';
/** Slightly longer than the app's hold before a drag. */
const HOLD_MS = HOLD_TO_DRAG_MS + 150;

const MONTHS = ['Gennaio', 'Febbraio', 'Marzo', 'Aprile', 'Maggio', 'Giugno', 'Luglio', 'Agosto', 'Settembre', 'Ottobre', 'Novembre', 'Dicembre'];

export type Month = CalendarMonth;

/** Today's month in the house's time zone, plus `offset` months. */
export function monthAhead(offset: number): Month {
  const today = monthOf(todayIn(HOUSE_TIME_ZONE));
  return shiftMonth(today.year, today.month, offset);
}

/** How many months `month` is after today's (the inverse of monthAhead). */
export function monthsFromNow(month: Month): number {
  const now = monthAhead(0);
  return (month.year - now.year) * 12 + (month.month - now.month);
}

export const monthTitle = ({ year, month }: Month) => `${MONTHS[month - 1]} ${year}`;
const pad = (n: number) => String(n).padStart(2, '0');
/** `2028-05-14` */
export const iso = ({ year, month }: Month, day: number) => `${year}-${pad(month)}-${pad(day)}`;
/** `14.05.2028`, as the app shows dates. */
export const display = (month: Month, day: number) => formatDisplayDate(iso(month, day));

/** A day's accessible name without who booked it: '5, 05.06.2028' for `05.06.2028`. */
export const dayName = (date: string) => `${Number(date.slice(0, 2))}, ${date}`;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class CalendarPage {
  readonly title: Locator;
  readonly previous: Locator;
  readonly next: Locator;
  readonly panel: Locator;
  readonly save: Locator;
  readonly emptyHint: Locator;

  /** `touch`: act with a finger (phone project) instead of a mouse. */
  constructor(
    readonly page: Page,
    readonly touch = false,
  ) {
    this.title = page.locator('#calendar-month');
    this.previous = page.getByRole('button', { name: 'Mese precedente' });
    this.next = page.getByRole('button', { name: 'Mese successivo' });
    this.panel = page.locator('main');
    this.save = page.getByRole('button', { name: 'Salva', exact: true });
    this.emptyHint = page.getByText('Seleziona uno o più giorni liberi per prenotare.');
  }

  async goto() {
    await this.page.goto('/app/calendario');
    await expect(this.next).toBeVisible();
    await this.expectLoaded();
  }

  /** Opens the calendar on the month `offset` months from today's, as a link to that month does. */
  async gotoMonth(offset: number) {
    const target = monthAhead(offset);
    await this.page.goto(`/app/calendario?mese=${formatMonth(target)}`);
    await expect(this.title).toHaveText(monthTitle(target));
    await this.expectLoaded();
  }

  /**
   * Goes `n` months forward from today's month inside the open app (no page load), as a keyboard
   * user does: Shift+Page Down a year at a time, Page Down a month.
   */
  async skipMonths(n: number) {
    const target = monthAhead(n);
    await this.tabIntoGrid();
    await this.press('Shift+PageDown', Math.floor(n / 12));
    await this.press('PageDown', n % 12);
    await expect(this.title).toHaveText(monthTitle(target));
    await this.expectLoaded();
  }

  /** The month's bookings are in: a tap now sees who holds a day. */
  async expectLoaded() {
    await expect(this.grid).not.toHaveAttribute('aria-busy', 'true');
  }

  /** The month's grid of days (one tab stop; arrows, Home/End, Page Up/Down move in it). */
  get grid(): Locator {
    return this.page.getByRole('grid');
  }

  /** A day's button, by its accessible name: the number shown, then dd.MM.yyyy ('5, 05.06.2028'). */
  day(date: string): Locator {
    return this.page.getByRole('button', { name: new RegExp(`^${escape(dayName(date))}(,|$)`) });
  }

  /** The day that holds the keyboard focus. */
  get focusedDay(): Locator {
    return this.grid.locator('button[data-day]:focus');
  }

  /** Tabs from where the focus is until it lands on a day of the grid (at most `limit` presses). */
  async tabIntoGrid(limit = 30) {
    // As a keyboard user waits for the screen: Tab pressed before the grid is drawn goes past it.
    await expect(this.grid).toBeVisible();
    for (let i = 0; i < limit; i++) {
      await this.page.keyboard.press('Tab');
      if (await this.isFocusInGrid()) return;
    }
    throw new Error(`no day of the grid took the focus within ${limit} presses of Tab`);
  }

  async isFocusInGrid(): Promise<boolean> {
    return this.page.evaluate(() => document.activeElement?.closest('[role="grid"]') !== null && document.activeElement?.hasAttribute('data-day') === true);
  }

  /** Tabs forward until `target` has the focus (at most `limit` presses). */
  async tabTo(target: Locator, limit = 30) {
    for (let i = 0; i < limit; i++) {
      await this.page.keyboard.press('Tab');
      if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    }
    throw new Error(`${target.toString()} did not take the focus within ${limit} presses of Tab`);
  }

  /**
   * Presses a key `times` times, one at a time as a person does: after an arrow or page key,
   * the next press waits until the focus has moved to another day.
   */
  async press(key: string, times = 1) {
    const moves = /^(Shift\+)?(Arrow|Page)/.test(key);
    for (let i = 0; i < times; i++) {
      const before = moves ? await this.focusedIso() : null;
      await this.page.keyboard.press(key);
      if (before !== null) await expect.poll(() => this.focusedDay.getAttribute('data-day')).not.toBe(before);
    }
  }

  /** The ISO date of the day that has the focus. */
  async focusedIso(): Promise<string> {
    await expect(this.focusedDay).toHaveCount(1);
    return (await this.focusedDay.getAttribute('data-day'))!;
  }

  async expectBookedBy(date: string, name: string, options?: { timeout?: number }) {
    await expect(this.day(date)).toHaveAccessibleName(`${dayName(date)}, prenotato da ${name}`, options);
  }

  async expectFree(date: string) {
    await expect(this.day(date)).toHaveAccessibleName(dayName(date));
  }

  /** The day is drawn as part of the booking whose detail the panel shows (as after a tap on it). */
  async expectSelected(date: string) {
    await expect(this.day(date)).toHaveAttribute('aria-pressed', 'true');
  }

  async tap(date: string) {
    const day = this.day(date);
    if (this.touch) await day.tap();
    else await day.click();
  }

  /** A fact of the booking panel ('Arrivo', 'Partenza', 'Costo' …). */
  fact(term: string): Locator {
    return this.page.locator('dt', { hasText: new RegExp(`^${escape(term)}$`) }).locator('xpath=following-sibling::dd[1]');
  }

  private async centre(date: string) {
    const day = this.day(date);
    await day.scrollIntoViewIfNeeded();
    const box = (await day.boundingBox())!;
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }

  /** Press on `from`, hold past the hold time, drag to `to`, release — with the mouse or a finger. */
  async holdAndDrag(from: string, to: string) {
    const a = await this.centre(from);
    const b = await this.centre(to);
    if (this.touch) {
      await this.touchPath([a, b], HOLD_MS);
    } else {
      await this.page.mouse.move(a.x, a.y);
      await this.page.mouse.down();
      await this.page.waitForTimeout(HOLD_MS);
      await this.page.mouse.move(b.x, b.y, { steps: 8 });
      await this.page.mouse.up();
    }
  }

  /**
   * A real touch through the browser's input pipeline (CDP): down at the
   * first point, wait `holdMs`, move in steps through the others, lift.
   */
  async touchPath(points: Array<{ x: number; y: number }>, holdMs: number) {
    const cdp = await this.page.context().newCDPSession(this.page);
    const [first, ...rest] = points;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: first!.x, y: first!.y }] });
    if (holdMs > 0) await this.page.waitForTimeout(holdMs);
    let from = first!;
    for (const point of rest) {
      for (let step = 1; step <= 8; step++) {
        const x = from.x + ((point.x - from.x) * step) / 8;
        const y = from.y + ((point.y - from.y) * step) / 8;
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
      }
      from = point;
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  }
}
