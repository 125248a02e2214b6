import { expect, type Locator, type Page } from '@playwright/test';

/** From this width the navigation is a side bar; below it, the phone's bottom bar (app/shell.module.css). */
export const SIDE_BAR_MIN_WIDTH = 900;

export const NAV_ENTRIES = ['Home', 'Calendario', 'Gestione', 'Tutorial', 'Impostaz.'] as const;

export class Shell {
  readonly nav: Locator;

  constructor(private readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Navigazione principale' });
  }

  entry(name: (typeof NAV_ENTRIES)[number]): Locator {
    return this.nav.getByRole('link', { name, exact: true });
  }

  async expectActive(name: (typeof NAV_ENTRIES)[number]) {
    await expect(this.entry(name)).toHaveAttribute('aria-current', 'page');
    for (const other of NAV_ENTRIES.filter((entry) => entry !== name)) {
      await expect(this.entry(other)).not.toHaveAttribute('aria-current', 'page');
    }
  }
}
