import { request as playwrightRequest, type TestInfo } from '@playwright/test';
import { display, iso, monthAhead } from './pages/calendar-page.ts';
import { DEMO_PASSWORD, demo, emailOf } from './support/demo.ts';
import { expect, loginAs, seriousA11yViolations, test } from './support/fixtures.ts';

/** Its own months (far from the demo's and the calendar tests'), one per project. */
const offsetFor = (testInfo: TestInfo, base: number) => base + (testInfo.project.name === 'phone' ? 0 : 40);

test('the history groups bookings by year, newest first; each entry expands; an admin sees everyone’s with names', async ({ page }, testInfo) => {
  const earlier = monthAhead(offsetFor(testInfo, 30));
  const later = monthAhead(offsetFor(testInfo, 30) + 12);
  const api = await playwrightRequest.newContext({ baseURL: testInfo.project.use.baseURL! });
  const login = await api.post('/api/session', { data: { email: emailOf(demo.friend), password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const elenaId = ((await login.json()) as { user: { id: string } }).user.id;
  for (const [month, purpose] of [[earlier, 'maintenance'], [later, 'personal']] as const) {
    const response = await api.post('/api/bookings', { data: { start: iso(month, 8), end: iso(month, 11), purpose } });
    expect(response.status(), await response.text()).toBe(201);
  }
  await api.dispose();

  await loginAs(page, demo.friend);
  await page.goto(`/app/prenotazioni/${elenaId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Le mie prenotazioni' })).toBeVisible();
  const later_ = page.getByRole('region', { name: String(later.year) });
  const earlier_ = page.getByRole('region', { name: String(earlier.year) });
  await expect(later_).toBeVisible();
  await expect(earlier_).toBeVisible();
  // Newest first: the later year's group comes before the earlier one's.
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings.indexOf(String(later.year))).toBeLessThan(headings.indexOf(String(earlier.year)));

  const entry = earlier_.getByRole('button', { name: `${display(earlier, 8)} – ${display(earlier, 11)}` });
  await expect(entry).toHaveAttribute('aria-expanded', 'false');
  await entry.click();
  await expect(entry).toHaveAttribute('aria-expanded', 'true');
  const details = earlier_.locator('dl:visible');
  await expect(details).toContainText('Manutenzione/lavori');
  await expect(details).toContainText('CheckIn');
  await expect(details).toContainText('Da fare');
  await expect(details).toContainText('CheckOut');
  await expect(details).toContainText('Nessun costo');
  const laterEntry = later_.getByRole('button', { name: `${display(later, 8)} – ${display(later, 11)}` });
  await laterEntry.click();
  await expect(later_.locator('dl:visible')).toContainText('Personale');
  await expect(later_.locator('dl:visible')).toContainText('CHF 150.- · Non pagato');
  expect(await seriousA11yViolations(page)).toEqual([]);

  await loginAs(page, demo.admin);
  await page.goto('/app/prenotazioni/0');
  await expect(page.getByRole('heading', { level: 1, name: 'Tutte le prenotazioni' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: String(later.year) }).getByRole('button', { name: `${display(later, 8)} – ${display(later, 11)} ${demo.friend.name}` }),
  ).toBeVisible();
});

test('a member may not open everyone’s history', async ({ page }) => {
  await loginAs(page, demo.member);
  await page.goto('/app/prenotazioni/0');
  await expect(page.getByText('Non hai accesso a questa pagina.')).toBeVisible();
  await page.getByRole('link', { name: 'Torna alle impostazioni' }).click();
  await expect(page).toHaveURL(/\/app\/impostazioni$/);
});

test('another member’s history is not shown to a member', async ({ page }) => {
  await loginAs(page, demo.member);
  await page.goto('/app/prenotazioni/not-my-id');
  await expect(page.getByText('Non hai accesso a questa pagina.')).toBeVisible();
});
