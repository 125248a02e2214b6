import { expect, type Locator, type Page } from '@playwright/test';

/** /app/impostazioni/regole: the house rules, per-member quotas, peak periods, turns and the history. */
export class RulesPage {
  readonly heading: Locator;
  readonly limits: Locator;
  readonly quotas: Locator;
  readonly peaks: Locator;
  readonly turns: Locator;
  readonly history: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Regole della casa' });
    this.limits = page.getByRole('region', { name: 'Limiti delle prenotazioni' });
    this.quotas = page.getByRole('region', { name: 'Quote personali' });
    this.peaks = page.getByRole('region', { name: 'Periodi di punta' });
    this.turns = page.getByRole('region', { name: 'Turni di scelta' });
    this.history = page.getByRole('region', { name: 'Cronologia delle regole' });
  }

  /** From Impostazioni, as people find it. */
  async open() {
    await this.page.goto('/app/impostazioni');
    await this.page.getByRole('link', { name: /^Regole della casa/ }).click();
    await expect(this.heading).toBeVisible();
  }

  dialog(name: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name });
  }

  /** An admin gives a member a quota of their own (empty: the house's again). */
  async setMemberQuota(name: string, nights: string) {
    await this.quotas.getByRole('button', { name: `Cambia la quota di ${name}` }).click();
    const dialog = this.dialog(`Quota di ${name}`);
    await dialog.getByLabel('Notti personali all’anno').fill(nights);
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(dialog).toBeHidden();
  }

  /** An admin adds a peak period for one year, days as dd.mm. */
  async addPeak(input: { name: string; from: string; to: string; year: string }) {
    await this.peaks.getByRole('button', { name: 'Aggiungi periodo' }).click();
    const dialog = this.dialog('Nuovo periodo di punta');
    await dialog.getByLabel('Nome', { exact: true }).fill(input.name);
    await dialog.getByLabel('Dal (gg.mm)', { exact: true }).fill(input.from);
    await dialog.getByLabel('Al (gg.mm)', { exact: true }).fill(input.to);
    await dialog.getByLabel('Solo un anno').check();
    await dialog.getByLabel('Anno', { exact: true }).fill(input.year);
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(dialog).toBeHidden();
  }

  peak(name: string): Locator {
    return this.peaks.getByRole('listitem').filter({ hasText: name });
  }

  /** An admin starts opening picking turns: the form, its order prefilled with the suggested rotation. */
  async startTurns(): Promise<Locator> {
    await this.turns.getByRole('button', { name: 'Apri turni' }).click();
    const dialog = this.dialog('Nuovi turni di scelta');
    await expect(dialog).toBeVisible();
    return dialog;
  }
}

/** Home's fair-booking cards: notices, pending requests, turns. */
export class HomeFairness {
  readonly notices: Locator;
  readonly requests: Locator;
  readonly turns: Locator;

  constructor(private readonly page: Page) {
    this.notices = page.getByRole('region', { name: 'Avvisi' });
    this.requests = page.getByRole('region', { name: 'Richieste in attesa' });
    this.turns = page.getByRole('region', { name: 'Turni di scelta' });
  }

  async goto() {
    await this.page.goto('/app');
    await expect(this.page.getByRole('heading', { level: 1 })).toContainText('Ciao');
  }

  /** The member whose turn it is passes it on, confirming in the dialog. */
  async passTurn() {
    await this.turns.getByRole('button', { name: 'Passa il turno' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Passare il turno?' });
    await dialog.getByRole('button', { name: 'Passa il turno' }).click();
    await expect(this.page.getByText('Turno passato', { exact: true })).toBeVisible();
  }

  /** An admin opens a member's request to compare and decide. */
  async decide(ownerName: string) {
    await this.requests.getByRole('button', { name: new RegExp(`^Confronta e decidi la richiesta di ${ownerName}`) }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Richieste a confronto' })).toBeVisible();
  }
}

/** /app/richieste/:id (admins): the competing requests side by side. */
export class RequestComparePage {
  constructor(private readonly page: Page) {}

  column(ownerName: string): Locator {
    return this.page.getByRole('region', { name: ownerName, exact: true });
  }

  async approve(ownerName: string, reasonForOthers?: string) {
    if (reasonForOthers) await this.page.getByLabel('Motivo per chi non viene scelto (facoltativo)').fill(reasonForOthers);
    await this.column(ownerName).getByRole('button', { name: `Approva la richiesta di ${ownerName}` }).click();
  }
}

/** /app/equita: nights per member this year, peak nights over five years. */
export class FairnessViewPage {
  readonly heading: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Equità' });
  }

  async open() {
    await this.page.goto('/app/impostazioni');
    await this.page.getByRole('link', { name: /^Equità/ }).click();
    await expect(this.heading).toBeVisible();
  }

  table(caption: string | RegExp): Locator {
    return this.page.getByRole('table', { name: caption });
  }
}
