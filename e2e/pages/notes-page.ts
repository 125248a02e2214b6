import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

/** A note text no other test (or project) writes: the project name and a random suffix. */
export function uniqueText(testInfo: TestInfo, what: string): string {
  return `${what} [${testInfo.project.name} ${Math.random().toString(36).slice(2, 8)}]`;
}

/** Gestione › Note: the notes board. */
export class NotesPage {
  readonly textarea: Locator;
  readonly publish: Locator;
  readonly list: Locator;

  constructor(readonly page: Page) {
    this.textarea = page.getByRole('textbox', { name: 'Scrivi una nota' });
    this.publish = page.getByRole('button', { name: 'Pubblica' });
    this.list = page.getByRole('list', { name: 'Note' });
  }

  async goto() {
    await this.page.goto('/app/gestione#note');
    await expect(this.textarea).toBeVisible();
  }

  /** The note showing `text` (find your own notes by a unique text, never by position). */
  note(text: string): Locator {
    return this.page.getByRole('article').filter({ hasText: text });
  }

  /** Writes a note and waits until the board shows it. */
  async post(text: string): Promise<Locator> {
    await this.textarea.fill(text);
    await this.publish.click();
    const note = this.note(text);
    await expect(note).toBeVisible();
    await expect(this.textarea).toHaveValue('');
    return note;
  }

  like(note: Locator): Locator {
    return note.getByRole('button', { name: /^Mi piace/ });
  }

  deleteButton(note: Locator): Locator {
    return note.getByRole('button', { name: 'Elimina' });
  }
}
