import { expect, type Locator, type Page } from '@playwright/test';

/** /password-dimenticata and /nuova-password/:token. */
export class PasswordPages {
  readonly email: Locator;
  readonly sendLink: Locator;
  readonly newPassword: Locator;
  readonly save: Locator;
  readonly backToLogin: Locator;

  constructor(private readonly page: Page) {
    this.email = page.getByLabel('Email', { exact: false }).first();
    this.sendLink = page.getByRole('button', { name: 'Invia il link' });
    this.newPassword = page.getByLabel('Nuova password', { exact: true });
    this.save = page.getByRole('button', { name: 'Salva la password' });
    this.backToLogin = page.getByRole('link', { name: 'Torna al login' });
  }

  async requestLink(email: string) {
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText('Password dimenticata');
    await this.email.fill(email);
    await this.sendLink.click();
    await expect(this.page.getByRole('status')).toContainText('ti abbiamo mandato un link');
  }

  async choosePassword(password: string) {
    await this.newPassword.fill(password);
    await this.save.click();
    await expect(this.page.getByRole('status')).toContainText('Password salvata');
  }
}
