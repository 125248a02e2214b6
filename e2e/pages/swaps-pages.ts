import type { Locator, Page } from '@playwright/test';
import { expect } from '../support/fixtures.ts';

/** The booking panel's «Proponi scambio» and «Cedi», and the proposals about the stay shown. */
export class BookingSwaps {
  readonly proposeButton: Locator;
  readonly giveButton: Locator;
  readonly section: Locator;

  constructor(readonly page: Page) {
    this.proposeButton = page.getByRole('button', { name: 'Proponi scambio' });
    this.giveButton = page.getByRole('button', { name: 'Cedi', exact: true });
    this.section = page.getByRole('region', { name: 'Scambi e cessioni' });
  }

  /** Proposes to swap the stay shown with the one whose option reads `option` («Luca · 10.02.–13.02.2028»). */
  async propose(option: string | RegExp) {
    await this.proposeButton.click();
    const dialog = this.page.getByRole('dialog', { name: 'Proponi uno scambio' });
    await dialog.getByRole('combobox', { name: 'Soggiorno con cui scambiare' }).click();
    await this.page.getByRole('option', { name: option }).click();
    await dialog.getByRole('button', { name: 'Proponi', exact: true }).click();
    await expect(dialog).toBeHidden();
  }

  /** Gives the stay shown to the first on its waitlist, `name` (the dialog's first choice when someone waits). */
  async giveToFirstWaiting(name: string) {
    await this.giveButton.click();
    const dialog = this.page.getByRole('dialog', { name: 'Cedi il soggiorno' });
    await expect(dialog.getByRole('combobox', { name: 'A chi' })).toContainText(`Al primo in lista d’attesa (${name})`);
    await dialog.getByRole('button', { name: 'Cedi', exact: true }).click();
    await expect(dialog).toBeHidden();
  }
}

/** Home's «Scambi e cessioni» card. */
export class HomeSwaps {
  readonly card: Locator;

  constructor(readonly page: Page) {
    this.card = page.getByRole('region', { name: 'Scambi e cessioni' });
  }

  async goto() {
    await this.page.goto('/app');
    await expect(this.page.getByRole('heading', { level: 1 })).toContainText('Ciao');
  }

  /** The row that mentions `text` (who proposed, the dates). */
  row(text: string | RegExp): Locator {
    return this.card.getByRole('listitem').filter({ hasText: text });
  }

  /** «Accetta» on the row, then the toast that says it is done. */
  async accept(text: string | RegExp, done: string) {
    await this.row(text).getByRole('button', { name: 'Accetta' }).click();
    await expect(this.page.getByText(done, { exact: true })).toBeVisible();
  }
}
