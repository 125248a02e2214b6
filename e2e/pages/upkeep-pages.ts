import type { Locator, Page } from '@playwright/test';
import { expect } from '../support/fixtures.ts';

/** /app/scorte: the house's supplies. */
export class SuppliesPage {
  readonly list: Locator;

  constructor(readonly page: Page) {
    this.list = page.getByRole('list', { name: 'Scorte della casa' });
  }

  async goto() {
    await this.page.goto('/app/scorte');
    await expect(this.list).toBeVisible();
  }

  item(name: string): Locator {
    return this.list.getByRole('listitem', { name, exact: true });
  }

  state(name: string, state: 'C’è' | 'Poco' | 'Finito'): Locator {
    return this.item(name).getByRole('group', { name: `Quanto resta di ${name}` }).getByRole('button', { name: state, exact: true });
  }
}

/** /app/lavori: open tasks and those done. */
export class TasksPage {
  readonly open: Locator;
  readonly done: Locator;

  constructor(readonly page: Page) {
    this.open = page.getByRole('list', { name: 'Da fare' });
    this.done = page.getByRole('list', { name: 'Fatti di recente' });
  }

  async goto() {
    await this.page.goto('/app/lavori');
    await expect(this.open).toBeVisible();
  }

  task(title: string): Locator {
    return this.open.getByRole('listitem', { name: title, exact: true });
  }

  /** «Fatto», then the form's «Segna come fatto» with an optional note. */
  async markDone(title: string, note = '') {
    await this.task(title).getByRole('button', { name: `Segna «${title}» come fatto` }).click();
    const form = this.page.getByRole('form', { name: `Segna «${title}» come fatto` });
    if (note) await form.getByLabel('Nota (facoltativa)').fill(note);
    await form.getByRole('button', { name: 'Segna come fatto' }).click();
  }

  /** «Modifica»: the task's dialog, its fields as the task has them. */
  async edit(title: string): Promise<Locator> {
    await this.task(title).getByRole('button', { name: `Modifica «${title}»` }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Modifica il lavoro' });
    await expect(dialog.getByLabel('Cosa c’è da fare')).toHaveValue(title);
    return dialog;
  }
}

/** The check-out's «Per chi arriva». */
export class HandoverFields {
  readonly problem: Locator;
  readonly photo: Locator;
  readonly note: Locator;

  constructor(readonly card: Locator) {
    this.problem = card.getByLabel('Un problema da segnalare (facoltativo)');
    this.photo = card.getByLabel('Foto del problema (facoltativa)');
    this.note = card.getByLabel('Nota per chi arriva (facoltativa)');
  }

  supply(name: string, state: 'Poco' | 'Finito'): Locator {
    return this.card.getByRole('group', { name: `Quanto resta di ${name}` }).getByRole('button', { name: state, exact: true });
  }
}

/** Home's «Da sapere». */
export function toKnowCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Da sapere' });
}
