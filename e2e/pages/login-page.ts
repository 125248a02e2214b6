import { expect, type Locator, type Page } from '@playwright/test';

export class LoginPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly guest: Locator;
  readonly forgot: Locator;

  constructor(private readonly page: Page) {
    this.email = page.getByLabel('Email', { exact: false }).first();
    this.password = page.getByLabel('Password', { exact: true });
    this.submit = page.getByRole('button', { name: 'Login', exact: true });
    this.forgot = page.getByRole('link', { name: 'Password dimenticata?' });
    this.guest = page.getByRole('button', { name: 'Visita come ospite' }).or(page.getByRole('link', { name: 'Visita come ospite' }));
  }

  async goto() {
    await this.page.goto('/login');
    await expect(this.submit).toBeVisible();
  }

  async login(email: string, password: string) {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }

  /** The error text shown under a field (it replaces the supporting text). */
  async expectFieldError(field: Locator, message: string) {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(new RegExp(message));
  }
}
