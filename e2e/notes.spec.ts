import { noteLabelText, type Note } from '@rustico/core';
import { demo } from './support/demo.ts';
import { expect, loginAs, seriousA11yViolations, test } from './support/fixtures.ts';
import { NotesPage, uniqueText } from './pages/notes-page.ts';

test.describe('the notes board', () => {
  test.beforeEach(async ({ page }) => loginAs(page, demo.member));

  test('a new note shows up for another member live, without reloading', async ({ page, browser }, testInfo) => {
    const other = await browser.newContext();
    try {
      const otherPage = await other.newPage();
      await loginAs(otherPage, demo.member2);
      const theirBoard = new NotesPage(otherPage);
      await theirBoard.goto();
      await expect(theirBoard.list).toBeVisible();

      const board = new NotesPage(page);
      await board.goto();
      const text = uniqueText(testInfo, 'Arrivo sabato con la legna');
      const mine = await board.post(text);
      await expect(mine).toContainText(demo.member.name);
      await expect(mine.locator('time')).toHaveText(/^oggi \d{2}:\d{2}$/);

      // The other member's board updates through the live events stream.
      const theirs = theirBoard.note(text);
      await expect(theirs).toBeVisible({ timeout: 3_000 });
      await expect(theirs).toContainText(demo.member.name);
      // Only the author may delete it.
      await expect(theirBoard.deleteButton(theirs)).toHaveCount(0);
    } finally {
      await other.close();
    }
  });

  test('markup is shown as text and never runs', async ({ page }, testInfo) => {
    const board = new NotesPage(page);
    await board.goto();
    const markup = '<img src=x onerror=window.__xss=1>';
    const text = `${markup} <b>grassetto</b> ${uniqueText(testInfo, 'xss')}`;
    const note = await board.post(text);
    const shown = note.getByText(markup, { exact: false });
    await expect(shown).toBeVisible();
    await expect(note).toContainText('<b>grassetto</b>');
    // The only picture of the note is the author's photo: nothing from the text.
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    await expect(note.locator('p img, p b')).toHaveCount(0);
    await expect(note.locator('img:not([alt=""])')).toHaveCount(0);
    // After a reload the note comes from the server: still text.
    await page.reload();
    await expect(board.note(text)).toBeVisible();
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    await expect(board.note(text).locator('p img, p b')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  });

  test('web links become safe links, other schemes stay text', async ({ page }, testInfo) => {
    const board = new NotesPage(page);
    await board.goto();
    const text = `Orari dell'autopostale: https://www.autopostale.ch/it/orari?linea=131. Non javascript:alert(1) ${uniqueText(testInfo, 'link')}`;
    const note = await board.post(text);
    const link = note.getByRole('link', { name: 'https://www.autopostale.ch/it/orari?linea=131' });
    await expect(link).toHaveAttribute('href', 'https://www.autopostale.ch/it/orari?linea=131');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await expect(link).toHaveAttribute('rel', /noreferrer/);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(note.getByRole('link')).toHaveCount(1);
    await expect(note).toContainText('javascript:alert(1)');
  });

  test('the thumbs-up toggles, with its count and pressed state', async ({ page }, testInfo) => {
    const board = new NotesPage(page);
    await board.goto();
    const note = await board.post(uniqueText(testInfo, 'Chi porta il pane?'));
    const like = board.like(note);
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(like).toHaveText(/0$/);
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toHaveText(/1$/);
    // Stored on the server, not only on screen.
    await page.reload();
    await expect(board.like(note)).toHaveAttribute('aria-pressed', 'true');
    await expect(board.like(note)).toHaveText(/1$/);
    await board.like(note).click();
    await expect(board.like(note)).toHaveAttribute('aria-pressed', 'false');
    await expect(board.like(note)).toHaveText(/0$/);
  });

  test('my own note can be deleted after a confirmation; Rispondi is disabled', async ({ page }, testInfo) => {
    const board = new NotesPage(page);
    await board.goto();
    const text = uniqueText(testInfo, 'Nota da eliminare');
    const note = await board.post(text);
    await expect(note.getByRole('button', { name: 'Rispondi' })).toBeDisabled();

    await board.deleteButton(note).click();
    const dialog = page.getByRole('dialog', { name: 'Elimina nota' });
    await expect(dialog).toContainText('Sei sicuro di voler eliminare la nota?');
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    await expect(dialog).toBeHidden();
    await expect(note).toBeVisible();

    await board.deleteButton(note).click();
    await dialog.getByRole('button', { name: 'Elimina' }).click();
    await expect(dialog).toBeHidden();
    await expect(board.note(text)).toHaveCount(0);
    await page.reload();
    await expect(board.list).toBeVisible();
    await expect(board.note(text)).toHaveCount(0);
  });

  test('a dialog keeps the keyboard inside while open and gives the focus back to what opened it', { tag: '@desktop' }, async ({ page }, testInfo) => {
    const board = new NotesPage(page);
    await board.goto();
    const note = await board.post(uniqueText(testInfo, 'Nota per la tastiera'));
    const trigger = board.deleteButton(note);
    await expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');

    // The same button by its id: while the dialog is open, assistive technology does not see it.
    const triggerBehind = page.locator(`[id="${await trigger.getAttribute('id')}"]`);
    await trigger.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Elimina nota' });
    await expect(dialog).toBeVisible();
    await expect(triggerBehind).toHaveAttribute('aria-expanded', 'true');
    // The page behind is out of reach: Tab goes round the dialog's own buttons, and the note's
    // button is hidden from assistive technology.
    for (let presses = 0; presses < 4; presses++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await expect(trigger).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');

    // Annulla closes it too, and the focus comes back the same way.
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
    await expect(note).toBeVisible();

    // A dialog opened by a settings row (no trigger of its own) gives the focus back to the row.
    await page.goto('/app/impostazioni');
    const row = page.getByRole('button', { name: /Durata delle notifiche interne/ });
    await row.focus();
    await page.keyboard.press('Enter');
    const choice = page.getByRole('dialog', { name: 'Durata delle notifiche interne' });
    await expect(choice).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(choice).toBeHidden();
    await expect(row).toBeFocused();
  });

  test("other people's notes have no Elimina button", async ({ page }) => {
    const board = new NotesPage(page);
    await board.goto();
    // A demo note by Elena (apps/server/src/demo/notes.ts).
    const elenas = board.note('il pane di Olivone');
    await expect(elenas).toBeVisible();
    await expect(elenas).toContainText(demo.friend.name);
    await expect(board.deleteButton(elenas)).toHaveCount(0);
  });

  test('empty text asks to fill the field; too long text is refused with the counter', async ({ page }) => {
    const board = new NotesPage(page);
    await board.goto();
    await board.textarea.fill('   \n  ');
    await board.publish.click();
    await expect(page.getByText('Riempi questo campo')).toBeVisible();
    await expect(board.textarea).toHaveAttribute('aria-invalid', 'true');
    // The error clears when the field is focused again.
    await board.textarea.focus();
    await expect(page.getByText('Riempi questo campo')).toHaveCount(0);

    await board.textarea.fill('a'.repeat(2001));
    await expect(page.getByText('2001/2000')).toBeVisible();
    await board.publish.click();
    await expect(page.getByText('La nota è troppo lunga (massimo 2000 caratteri)')).toBeVisible();
    await board.textarea.fill('a'.repeat(2000));
    await expect(page.getByText('2000/2000')).toBeVisible();
  });

  test('the Note tab has no serious accessibility problems', async ({ page }) => {
    const board = new NotesPage(page);
    await board.goto();
    await expect(board.list).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

test.describe('the notes board, with a stubbed API', () => {
  test.beforeEach(async ({ page }) => loginAs(page, demo.member));

  const note = (n: number, extra: Partial<Note> = {}): Note => ({
    id: `stub-${n}`,
    authorId: 'someone-else',
    authorName: 'Giulia Bernasconi',
    authorPhotoUrl: null,
    text: `Nota di prova numero ${n}`,
    label: null,
    createdAt: new Date(Date.UTC(2024, 10, 21 - n, 13, 5)).toISOString(),
    reactionCount: n,
    reactedByMe: false,
    version: 1,
    ...extra,
  });

  test('labels, older pages with Carica altre, and the full date for older notes', async ({ page }) => {
    const label = { kind: 'checkin', date: '2026-11-21' } as const;
    await page.route('**/api/notes?*', async (route) => {
      const before = new URL(route.request().url()).searchParams.get('before');
      const body = before
        ? { notes: [note(3)], nextCursor: null }
        : { notes: [note(1, { label }), note(2)], nextCursor: 'cursor-2' };
      await route.fulfill({ json: body });
    });
    const board = new NotesPage(page);
    await board.goto();
    const first = board.note('Nota di prova numero 1');
    await expect(first.getByText(noteLabelText(label))).toHaveText('Check-In 21.11.2026');
    await expect(first.locator('time')).toHaveText('20.11.2024 14:05');
    await expect(board.note('Nota di prova numero 3')).toHaveCount(0);
    await page.getByRole('button', { name: 'Carica altre' }).click();
    await expect(board.note('Nota di prova numero 3')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Carica altre' })).toHaveCount(0);
  });

  test('empty and error states', async ({ page }) => {
    await page.route('**/api/notes?*', (route) => route.fulfill({ json: { notes: [], nextCursor: null } }));
    const board = new NotesPage(page);
    await board.goto();
    await expect(page.getByText('Nessuna nota', { exact: true })).toBeVisible();

    await page.unroute('**/api/notes?*');
    await page.route('**/api/notes?*', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'boom' } } }),
    );
    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: 'Impossibile caricare i dati' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Riprova' })).toBeVisible();
    // The text entry stays usable.
    await expect(board.textarea).toBeEditable();
  });
});
