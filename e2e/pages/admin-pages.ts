import { expect, type Locator, type Page } from '@playwright/test';

/** The text an admin page shows to someone without the role. */
export const FORBIDDEN_TEXT = 'Non hai accesso a questa pagina.';

/** /app/statistiche (admins). */
export class StatisticsPage {
  readonly heading: Locator;
  readonly forbidden: Locator;
  readonly summary: Locator;
  readonly previousYear: Locator;
  readonly nextYear: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Statistiche' });
    this.forbidden = page.getByText(FORBIDDEN_TEXT);
    this.summary = page.getByRole('region', { name: /^Riepilogo del \d{4}$/ });
    this.previousYear = page.getByRole('button', { name: 'Anno precedente' });
    this.nextYear = page.getByRole('button', { name: 'Anno successivo' });
  }

  async goto(year?: number) {
    await this.page.goto(year === undefined ? '/app/statistiche' : `/app/statistiche?anno=${year}`);
    await expect(this.heading).toBeVisible();
  }

  /** The card holding a chart, by its title. */
  card(title: string): Locator {
    return this.page.getByRole('region', { name: title, exact: true });
  }

  /** The SVG chart of a card (role img, named by its summary). */
  chart(title: string): Locator {
    return this.card(title).getByRole('img');
  }

  /** Opens the numbers behind a chart and returns its table. */
  async showNumbers(title: string): Promise<Locator> {
    const card = this.card(title);
    await card.getByRole('button', { name: 'Mostra i numeri' }).click();
    const table = card.getByRole('table');
    await expect(table).toBeVisible();
    return table;
  }

  /** A row of the 'Letture del contatore' card, e.g. ('Luca Bernasconi', 'Partenza'). */
  /** A reading in the latest-readings card, by its stay's dates (`dd.MM.yyyy – dd.MM.yyyy`). */
  readingRow(name: string, kind: 'Arrivo' | 'Partenza', dates: string): Locator {
    return this.card('Letture del contatore').getByRole('listitem').filter({ hasText: `${name} · ${kind}` }).filter({ hasText: dates });
  }

  /** The value of a summary figure, e.g. 'Notti totali'. */
  figure(term: string): Locator {
    return this.summary.locator('div').filter({ has: this.page.getByRole('term').getByText(term, { exact: true }) }).getByRole('definition');
  }
}

/** /app/utenti (superadmins). */
export class UsersPage {
  readonly heading: Locator;
  readonly forbidden: Locator;
  readonly list: Locator;
  readonly addButton: Locator;
  readonly dialog: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Utenti' });
    this.forbidden = page.getByText(FORBIDDEN_TEXT);
    this.list = page.getByRole('list', { name: 'Membri della casa' });
    this.addButton = page.getByRole('button', { name: 'Aggiungi membro' });
    this.dialog = page.getByRole('dialog');
  }

  async goto() {
    await this.page.goto('/app/utenti');
    await expect(this.heading).toBeVisible();
  }

  row(name: string): Locator {
    return this.list.getByRole('listitem').filter({ hasText: name });
  }

  /** Fills 'Aggiungi membro', with or without the invitation by email, and sends it. */
  async submitNewMember(name: string, email: string, invite: boolean) {
    await this.addButton.click();
    await expect(this.dialog).toHaveAccessibleName('Aggiungi membro');
    await this.dialog.getByLabel('Nome').fill(name);
    await this.dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    const inviteSwitch = this.dialog.getByRole('switch', { name: 'Invia un invito per email' });
    if ((await inviteSwitch.getAttribute('aria-checked')) !== String(invite)) await inviteSwitch.click();
    await this.dialog.getByRole('button', { name: 'Aggiungi', exact: true }).click();
  }

  /** Adds a member without invitation; returns the one-time password shown afterwards. */
  async addMember(name: string, email: string): Promise<string> {
    await this.submitNewMember(name, email, false);
    await expect(this.dialog).toHaveAccessibleName(`Password di ${name}`);
    await expect(this.dialog).toContainText('non verrà più mostrata');
    const password = (await this.dialog.getByRole('status', { name: 'Password' }).textContent())?.trim() ?? '';
    expect(password).not.toBe('');
    return password;
  }

  async openEdit(name: string) {
    await this.page.getByRole('button', { name: `Modifica ${name}` }).click();
    await expect(this.dialog).toHaveAccessibleName(`Modifica ${name}`);
  }
}
