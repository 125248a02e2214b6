// Screenshots of the main screens at phone and desktop size, for a person to look at.
// Usage: start a server with the demo house (npm run cli -- demo && npm run serve), then
//   node scripts/screenshots.mjs [baseUrl] [outDir] [email] [password]
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { findChromium } from './chromium.mjs';

const [baseUrl = 'http://127.0.0.1:8080', outDir = 'screenshots', email = 'marco@bernasconi.ch', password = 'rustico-demo'] = process.argv.slice(2);
const pages = (process.env.PAGES ?? '/login,/visitatore,/app,/app/calendario,/app/gestione,/app/gestione#note,/app/tutorial,/app/tutorial/arrivo,/app/impostazioni,/non-esiste').split(',');
// SIZES=375,560,768,1280 for other widths; FONT=32 for a phone set to large text; SCHEME=dark for the dark colour scheme.
const sizes = process.env.SIZES
  ? Object.fromEntries(process.env.SIZES.split(',').map((w) => [w, { width: Number(w), height: Number(w) < 900 ? 812 : 800 }]))
  : { phone: { width: 375, height: 812 }, desktop: { width: 1280, height: 800 } };

fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: findChromium() ?? undefined,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
for (const [sizeName, viewport] of Object.entries(sizes)) {
  const colorScheme = process.env.SCHEME === 'dark' ? 'dark' : 'light';
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, locale: 'it-CH', serviceWorkers: 'block', hasTouch: viewport.width < 900, isMobile: viewport.width < 900, colorScheme });
  const page = await context.newPage();
  // The browser's default font size, as a phone's large-text setting changes it.
  if (process.env.FONT) await (await context.newCDPSession(page)).send('Page.setFontSizes', { fontSizes: { standard: Number(process.env.FONT) } });
  for (const url of pages) {
    const loggedIn = url.startsWith('/app');
    if (loggedIn && !(await context.cookies()).length) {
      const response = await context.request.post(`${baseUrl}/api/session`, { data: { email, password } });
      if (!response.ok()) throw new Error(`login failed: ${response.status()}`);
    }
    await page.goto(`${baseUrl}${url}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    const name = `${url.replace(/^\//, '').replace(/[/#]/g, '-') || 'root'}-${sizeName}${colorScheme === 'dark' ? '-dark' : ''}.png`;
    await page.screenshot({ path: path.join(outDir, name), fullPage: true });
    console.log(`${outDir}/${name}`);
  }
  await context.close();
}
await browser.close();
