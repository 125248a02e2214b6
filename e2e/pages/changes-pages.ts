import { expect, type Locator, type Page } from '@playwright/test';

/** A booking's edit form when someone else saved it meanwhile: who, when, theirs beside mine. */
export class StaleEditView {
  readonly root: Locator;
  readonly applyMine: Locator;
  readonly keepTheirs: Locator;

  constructor(page: Page) {
    this.root = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Modificato nel frattempo' }) });
    this.applyMine = this.root.getByRole('button', { name: 'Applica le mie' });
    this.keepTheirs = this.root.getByRole('button', { name: 'Tieni le nuove' });
  }

  /** A field of the comparison: its name, the value now, the value this person typed. */
  row(field: string): Locator {
    return this.root.locator(`[data-field="${field}"]`);
  }
}

/** /app/attivita (administrators). */
export class ActivityPage {
  readonly heading: Locator;
  readonly entries: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Attività' });
    this.entries = page.getByRole('list', { name: 'Attività' }).getByRole('listitem');
  }

  async goto() {
    await this.page.goto('/app/attivita');
    await expect(this.heading).toBeVisible();
  }

  async filter(label: 'Chi' | 'Cosa', option: string) {
    await this.page.getByRole('combobox', { name: label }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  /** The entry that names this text (a stay's dates, an expense's description). */
  entry(text: string): Locator {
    return this.entries.filter({ hasText: text });
  }
}
