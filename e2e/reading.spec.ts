import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Weather } from '@rustico/core';
import { demo } from './support/demo.ts';
import { expect, fakeApi, loginAs, seriousA11yViolations, test } from './support/fixtures.ts';

const SCREENSHOTS = 'screenshots/reading';

/** A card of Home, by its heading. */
const card = (page: Page, title: string) => page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

function fakeWeather(overrides: Partial<Weather> = {}): { weather: Weather } {
  return {
    weather: { condition: 'snow', temperatureC: -3.5, isDay: true, fetchedAt: new Date().toISOString(), stale: false, ...overrides },
  };
}

test.describe('Home', () => {
  test.beforeEach(async ({ page }) => loginAs(page, demo.member));

  test('every card in its data state', { tag: '@desktop' }, async ({ page }, testInfo) => {
    await fakeApi(page, '**/api/weather', (route) => route.fulfill({ json: fakeWeather() }));
    await page.goto('/app');

    const hero = page.getByRole('img', { name: /Il Rustico/ });
    await expect(hero).toBeVisible();
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // A modern format at a size that fits, not the full-size source.
    const src = await hero.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(src).toMatch(/\/images\/rustico-hero-\d+\.(avif|webp)$/);

    const weather = card(page, 'Meteo');
    await expect(weather).toContainText('Neve');
    await expect(weather).toContainText('-4 °C');
    await expect(weather).not.toContainText('aggiornato');

    await expect(card(page, 'Prossima prenotazione')).toBeVisible();

    const lastNote = card(page, 'Ultima nota');
    await expect(lastNote.locator('time')).toBeVisible();
    await expect(lastNote).not.toContainText('Nessuna nota');
    await expect(page.getByRole('link', { name: /Ultima nota/ })).toHaveAttribute('href', '/app/gestione#note');

    const letter = card(page, 'Lettera della casa');
    await expect(letter).toContainText('3000 CHF');
    await expect(letter).toContainText('copripiumino');
    await expect(letter.locator('strong').first()).toBeVisible();
    const write = letter.getByRole('link', { name: 'Scrivi nelle note' });
    await expect(write).toHaveAttribute('href', '/app/gestione#note');

    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: `${SCREENSHOTS}/home-${testInfo.project.name}.png`, fullPage: true });

    await write.click();
    await expect(page).toHaveURL(/\/app\/gestione#note$/);
    await expect(page.getByRole('tab', { name: 'Note' })).toHaveAttribute('aria-selected', 'true');
  });

  test('empty and error states: no note, weather unavailable', { tag: '@desktop' }, async ({ page }, testInfo) => {
    await fakeApi(page, '**/api/notes/latest', (route) => route.fulfill({ json: { note: null } }));
    await fakeApi(page, '**/api/weather', (route) =>
      route.fulfill({ status: 503, json: { error: { code: 'WEATHER_UNAVAILABLE', message: 'down' } } }),
    );
    await page.goto('/app');
    await expect(card(page, 'Ultima nota')).toContainText('Nessuna nota');
    await expect(card(page, 'Meteo')).toContainText('Impossibile caricare i dati');
    // The rest of the page is fine.
    await expect(card(page, 'Lettera della casa')).toContainText('copripiumino');
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: `${SCREENSHOTS}/home-empty-${testInfo.project.name}.png`, fullPage: true });
  });

  test('a stale weather value shows its age; no value at all is Nessun meteo', async ({ page }) => {
    const fetchedAt = new Date(Date.now() - 25 * 60_000 - 5_000).toISOString();
    await fakeApi(page, '**/api/weather', (route) =>
      route.fulfill({ json: fakeWeather({ condition: 'few clouds', temperatureC: 12.2, stale: true, fetchedAt }) }),
    );
    await page.goto('/app');
    const weather = card(page, 'Meteo');
    await expect(weather).toContainText('Poco nuvoloso');
    await expect(weather).toContainText('12 °C');
    await expect(weather).toContainText('aggiornato 25 min fa');

    await page.unroute('**/api/weather');
    await page.route('**/api/weather', (route) => route.fulfill({ json: { weather: null } }));
    await page.reload();
    await expect(card(page, 'Meteo')).toContainText('Nessun meteo');
  });

  test('the real provider is out of reach here: the weather card shows its error, the page works', async ({ page }) => {
    await page.goto('/app');
    await expect(card(page, 'Meteo')).toContainText('Impossibile caricare i dati', { timeout: 15_000 });
    await expect(card(page, 'Lettera della casa')).toContainText('copripiumino');
  });
});

test.describe('Tutorial', () => {
  test.beforeEach(async ({ page }) => loginAs(page, demo.member));

  test('six guides; a guide shows its Markdown as formatted text', { tag: '@desktop' }, async ({ page }, testInfo) => {
    await page.goto('/app/tutorial');
    for (const title of ['Prenotazione', 'Arrivo', 'Partenza', 'Camino e stufe', 'Acqua', 'Casa']) {
      await expect(page.getByRole('link', { name: new RegExp(`^${title}`) })).toBeVisible();
    }
    await page.getByRole('link', { name: /^Camino e stufe/ }).click();
    await expect(page).toHaveURL(/\/app\/tutorial\/camino_e_stufe$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Camino e stufe');
    const article = page.getByRole('article');
    await expect(article).toContainText("mezz'ora");
    await expect(article.getByRole('heading', { level: 2, name: 'Stufetta elettrica' })).toBeVisible();
    await expect(article.locator('ol > li').first()).toBeVisible();
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: `${SCREENSHOTS}/tutorial-${testInfo.project.name}.png`, fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('casa is not written yet; an unknown guide is the 404 page', { tag: '@desktop' }, async ({ page }, testInfo) => {
    await page.goto('/app/tutorial/casa');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Casa');
    await expect(page.getByText('Non ancora creato')).toBeVisible();
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: `${SCREENSHOTS}/tutorial-casa-${testInfo.project.name}.png` });
    await page.goto('/app/tutorial/sauna');
    await expect(page.getByText('NOT FOUND')).toBeVisible();
  });
});

test('the visitor page welcomes guests without logging in and tells nothing about stays', { tag: '@desktop' }, async ({ page }, testInfo) => {
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) apiCalls.push(url.pathname);
  });
  await page.goto('/visitatore');
  await expect(page).toHaveURL(/\/visitatore$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Benvenuti a Corzoneso');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  const article = page.getByRole('article');
  await expect(article).toContainText('copripiumino');
  await expect(article).toContainText('Corzoneso');
  await expect(page.getByRole('img', { name: /Il Rustico/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Accedi' })).toHaveAttribute('href', '/login');
  expect(apiCalls.filter((path) => path !== '/api/content/visitor')).toEqual([]);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}/visitor-${testInfo.project.name}.png`, fullPage: true });
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('the hero pictures are small modern images', async ({ request }) => {
  for (const [file, type] of [
    ['rustico-hero-640.avif', 'image/avif'],
    ['rustico-hero-1024.webp', 'image/webp'],
    ['rustico-hero-1600.avif', 'image/avif'],
  ] as const) {
    const response = await request.get(`/images/${file}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain(type);
    expect((await response.body()).length).toBeLessThan(60_000);
  }
});
