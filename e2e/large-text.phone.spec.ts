import type { Page } from '@playwright/test';
import { demo } from './support/demo.ts';
import { expect, loginAs, test } from './support/fixtures.ts';

/*
 * The phone's text at twice the default size (a default font of 32 px
 * instead of 16, as "Larger text" in the phone's settings sets it): the
 * member's screens still fit 375 px, with nothing scrolling sideways and no
 * button or link cut off.
 */
async function largeText(page: Page) {
  // The browser's default font size is what the root font is when the app sets none, and
  // every size in the app is in rem or em: a 32 px root is the phone's larger text.
  await page.addStyleTag({ content: 'html { font-size: 32px; }' });
}

/** What sticks out: the page's sideways overflow, and the controls whose text or box passes their own edge or the screen's. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clipped = Array.from(document.querySelectorAll<HTMLElement>('button, a, [role="button"], [role="tab"]'))
      .filter((element) => element.offsetParent !== null && !element.closest('[aria-hidden="true"], .visually-hidden'))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.right > width + 1 || box.left < -1 || element.scrollWidth > element.clientWidth + 1);
      })
      .map((element) => `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`);
    return { sideways: document.documentElement.scrollWidth - width, clipped };
  });
}

for (const [name, path] of [
  ['Home', '/app'],
  ['Calendario', '/app/calendario'],
  ['Gestione', '/app/gestione'],
  ['Impostazioni', '/app/impostazioni'],
] as const) {
  test(`${name} fits a 375 px phone with the text at twice its size`, async ({ page }) => {
    await loginAs(page, demo.admin);
    await page.goto(path);
    await largeText(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
    await page.waitForLoadState('networkidle');
    const found = await overflow(page);
    expect(found.clipped).toEqual([]);
    expect(found.sideways).toBeLessThanOrEqual(0);
    // The text really is larger: the body's font is 32 px.
    expect(await page.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize))).toBeGreaterThanOrEqual(30);
  });
}
