import { expect, type Locator, type Page } from '@playwright/test';

/** /app/conti: the year's account, balances, expenses and contributions. */
export class AccountsPage {
  readonly heading: Locator;
  readonly balances: Locator;
  readonly expenses: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Conti' });
    this.balances = page.getByRole('region', { name: 'Saldi' });
    this.expenses = page.getByRole('region', { name: /^Spese del \d{4}$/ });
  }

  async goto() {
    await this.page.goto('/app/conti');
    await expect(this.heading).toBeVisible();
  }

  /** From Gestione, as a member finds it. */
  async openFromManagement() {
    await this.page.goto('/app/gestione');
    await this.page.getByRole('link', { name: 'Conti della casa' }).click();
    await expect(this.heading).toBeVisible();
  }

  dialog(name: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name });
  }

  /** Adds an expense through the form, with a receipt file. */
  async addExpense(input: { amount: string; description: string; receipt: { name: string; mimeType: string; buffer: Buffer } }) {
    await this.expenses.getByRole('button', { name: 'Aggiungi spesa' }).click();
    const dialog = this.dialog('Nuova spesa');
    await dialog.getByLabel('Importo (CHF)').fill(input.amount);
    await dialog.getByLabel('Descrizione').fill(input.description);
    await dialog.getByLabel('Ricevuta (foto o PDF, max 10 MB)').setInputFiles(input.receipt);
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(dialog).toBeHidden();
  }

  expense(description: string): Locator {
    return this.expenses.getByRole('button', { name: `Apri la spesa ${description}` });
  }

  /** A member's row in the balances. */
  balanceRow(name: string): Locator {
    return this.balances.getByRole('list', { name: 'Saldo di ogni membro con la casa' }).getByRole('listitem').filter({ hasText: name });
  }
}
