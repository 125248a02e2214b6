import { expect, type Locator, type Page } from '@playwright/test';

/** /app/impostazioni/passkey: my passkeys, added and removed. */
export class PasskeysScreen {
  readonly heading: Locator;
  readonly add: Locator;
  readonly list: Locator;
  readonly dialog: Locator;
  readonly name: Locator;
  readonly create: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = page.getByRole('heading', { level: 1 });
    this.add = main.getByRole('button', { name: 'Aggiungi una passkey' });
    this.list = main.getByRole('list', { name: 'Le tue passkey' });
    this.dialog = page.getByRole('dialog');
    this.name = this.dialog.getByLabel('Nome');
    this.create = this.dialog.getByRole('button', { name: 'Crea la passkey' });
  }

  /** From Impostazioni, as a member finds it. */
  async open() {
    await this.page.goto('/app/impostazioni');
    await this.page.getByRole('main').getByRole('link', { name: /^Passkey/ }).click();
    await expect(this.heading).toHaveText('Passkey');
  }

  row(name: string | RegExp): Locator {
    return this.list.getByRole('listitem').filter({ hasText: name });
  }
}

/** What /login offers besides the password: «Accedi con passkey». */
export const passkeyButton = (page: Page) => page.getByRole('button', { name: 'Accedi con passkey' });
