import { expect, type Locator, type Page } from '@playwright/test';

/** Home's card of my reminders that reached me by no channel. */
export class HomeReminders {
  readonly undelivered: Locator;

  constructor(private readonly page: Page) {
    this.undelivered = page.getByRole('region', { name: /^Promemoria non recapitat[oi]$/ });
  }

  async goto() {
    await this.page.goto('/app');
    await expect(this.page.getByRole('heading', { level: 1 })).toContainText('Ciao');
  }

  /** The way to turn notifications on, in Impostazioni. */
  get turnOn(): Locator {
    return this.undelivered.getByRole('link', { name: 'Attiva le notifiche' });
  }

  /** «Ho capito»: the card goes. */
  async dismiss() {
    await this.undelivered.getByRole('button', { name: 'Ho capito' }).click();
    await expect(this.undelivered).toHaveCount(0);
  }
}
