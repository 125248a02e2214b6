import fs from 'node:fs';
import { demo } from './support/demo.ts';
import { expect, loginAs, seriousA11yViolations, test } from './support/fixtures.ts';

test('an admin filters all bookings by year and member and exports what is shown as CSV', async ({ page }) => {
  await loginAs(page, demo.admin);
  await page.goto('/app/prenotazioni/0');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tutte le prenotazioni');
  // Everyone's stays are listed with the booker's name.
  await expect(page.getByText(demo.member2.name).first()).toBeVisible();

  const person = demo.quietFriend;
  await page.getByRole('combobox', { name: 'Membro' }).click();
  await page.getByRole('option', { name: person.name }).click();
  await expect(page.getByText(demo.member2.name)).toHaveCount(0);
  const year = (await page.getByRole('heading', { level: 2 }).first().textContent())!;
  await page.getByRole('combobox', { name: 'Anno' }).click();
  await page.getByRole('option', { name: year, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`anno=${year}`));
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([year]);
  const entries = page.getByRole('button', { name: new RegExp(person.name) });
  expect(await entries.count()).toBeGreaterThan(0);
  expect(await seriousA11yViolations(page)).toEqual([]);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Esporta CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`prenotazioni-${year}.csv`);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(lines[0]).toBe('Arrivo;Partenza;Membro;Notti;Scopo;kWh;Costo CHF;Pagato;Metodo');
  expect(lines.length - 1).toBe(await entries.count());
  expect(lines.slice(1).every((line) => line.includes(`;${person.name};`))).toBe(true);
});

test('a Select works from the keyboard from the first key: the arrows open the list and move in it, Enter picks', { tag: '@desktop' }, async ({ page }) => {
  await loginAs(page, demo.admin);
  await page.goto('/app/prenotazioni/0');
  const member = page.getByRole('combobox', { name: 'Membro' });
  await member.focus();
  await page.keyboard.press('ArrowDown');
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  await page.keyboard.press('ArrowDown');
  // The second arrow moves from the chosen «Tutti i membri» to the first member.
  const picked = page.locator('[role="option"]:focus');
  await expect(picked).not.toHaveText('Tutti i membri');
  const name = (await picked.textContent())!;
  await page.keyboard.press('Enter');
  await expect(listbox).toHaveCount(0);
  await expect(member).toHaveText(name);
  await expect(member).toBeFocused();
});
