import { expect, type Locator, type Page } from '@playwright/test';

/** The quiet line above every page that tells about the network and the outbox. */
export class OfflineBanner {
  constructor(readonly page: Page) {}

  text(value: string | RegExp): Locator {
    return this.page.getByRole('status').filter({ hasText: value }).first();
  }

  /**
   * Waits until the service worker controls the page, then loads it again so that what the
   * screen reads passes through the worker and is kept for reading offline.
   */
  async installApp(path: string) {
    await this.page.goto(path);
    await this.page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => this.page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  }
}
