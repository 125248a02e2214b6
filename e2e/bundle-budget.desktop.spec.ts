import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { demo } from './support/demo.ts';
import { expect, loginAs, test } from './support/fixtures.ts';
import { SettingsScreen } from './pages/settings-pages.ts';
import { downloadedScripts } from './support/scripts.ts';

const firstLine = (body: Buffer) => body.toString('utf8').split('\n', 1)[0];

/** The JavaScript a browser downloads to show /login, brotli-compressed, must stay under this. */
const LOGIN_JS_BUDGET_BYTES = 100 * 1000;

test('the login screen downloads at most 100 KB of JavaScript (brotli)', async ({ page }) => {
  const scripts = downloadedScripts(page);
  await page.goto('/login', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();

  const rows = [...scripts].map(([url, body]) => ({
    file: url,
    raw: body.length,
    brotli: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  }));
  const total = rows.reduce((sum, row) => sum + row.brotli, 0);
  const report = [
    ...rows.map((r) => `  ${r.file}: ${(r.raw / 1000).toFixed(1)} KB raw, ${(r.brotli / 1000).toFixed(1)} KB brotli`),
    `  total: ${(total / 1000).toFixed(1)} KB brotli in ${rows.length} files (budget ${LOGIN_JS_BUDGET_BYTES / 1000} KB)`,
  ].join('\n');
  console.log(`JavaScript for /login:\n${report}`);
  fs.mkdirSync('test-results', { recursive: true });
  fs.writeFileSync(path.join('test-results', 'login-bundle.txt'), `${report}\n`);
  expect(rows.length).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(LOGIN_JS_BUDGET_BYTES);
  // The other languages' catalogs load only where a page speaks them: none of French here.
  expect(rows.map((row) => row.file).filter((file) => /^\/assets\/(fr|de|en)-/.test(file))).toEqual([]);
  expect([...scripts].filter(([, body]) => body.includes('Mot de passe oublié?')).map(([url]) => url)).toEqual([]);
});

test('the entry and the kits every screen runs while loading ask V8 to compile them as they stream in', async ({ page }) => {
  const scripts = downloadedScripts(page);
  await loginAs(page);
  await page.goto('/app', { waitUntil: 'networkidle' });
  await expect(page.getByRole('main')).toBeVisible();
  const hinted = [...scripts].filter(([, body]) => firstLine(body) === '//# allFunctionsCalledOnLoad').map(([file]) => file.replace(/-[\w-]{8}\.js$/, ''));
  expect(hinted.sort()).toEqual(['/assets/app', '/assets/index', '/assets/login', '/assets/public']);
  // A screen's own chunk compiles function by function, as it is used.
  expect([...scripts.keys()].some((file) => file.startsWith('/assets/home-page-'))).toBe(true);
});

test('the sections a member lives in leave what only the pages below them share (charts, the year picker) to those pages', async ({ page }) => {
  const scripts = downloadedScripts(page);
  const fetched = (chunk: string) => [...scripts.keys()].filter((file) => file.startsWith(`/assets/${chunk}-`));
  await loginAs(page, demo.admin);
  for (const section of ['/app', '/app/calendario', '/app/gestione', '/app/tutorial', '/app/impostazioni']) {
    await page.goto(section, { waitUntil: 'networkidle' });
    await expect(page.getByRole('main')).toBeVisible();
    expect(fetched('pages'), section).toEqual([]);
  }
  await page.goto('/app/statistiche', { waitUntil: 'networkidle' });
  await expect(page.getByRole('img', { name: /^Grafico a barre delle notti per membro/ })).toBeVisible();
  const [kit] = fetched('pages');
  expect(kit).toBeDefined();
  // Every page below a section runs it while loading, as the sections run the app kit.
  expect(firstLine(scripts.get(kit!)!)).toBe('//# allFunctionsCalledOnLoad');
});

test('the screens a member lives in load zod and the form library only with a form', async ({ page }) => {
  const scripts = downloadedScripts(page);
  await loginAs(page);
  const withZod = () => [...scripts].filter(([, body]) => body.includes('ZodError')).map(([file]) => file);
  const withForms = () => [...scripts].filter(([, body]) => body.includes('HookFormContext')).map(([file]) => file);
  for (const screen of ['/app', '/app/calendario', '/app/impostazioni']) {
    await page.goto(screen, { waitUntil: 'networkidle' });
    await expect(page.getByRole('main')).toBeVisible();
    expect(withZod(), screen).toEqual([]);
    expect(withForms(), screen).toEqual([]);
  }
  // The password form checks its input with core's schema: zod arrives with its first check.
  await page.goto('/app/impostazioni/password', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Cambia password' }).click();
  await expect.poll(withZod).not.toEqual([]);
});

test('the screens a member lives in render without Intl (its first use costs a phone some 40 ms)', async ({ page }) => {
  await page.addInitScript(() => {
    const used: string[] = [];
    (window as unknown as { intlUsed: string[] }).intlUsed = used;
    for (const name of ['DateTimeFormat', 'NumberFormat', 'Collator', 'PluralRules'] as const) {
      const original = Intl[name] as unknown as new (...args: unknown[]) => object;
      const counted = new Proxy(original, {
        construct: (target, args) => (used.push(name), Reflect.construct(target, args) as object),
        apply: (target, self, args) => (used.push(name), Reflect.apply(target, self, args) as unknown),
      });
      Object.defineProperty(Intl, name, { value: counted, configurable: true, writable: true });
    }
    const localeCompare = String.prototype.localeCompare;
    String.prototype.localeCompare = function (this: string, ...args: Parameters<typeof localeCompare>) {
      used.push('localeCompare');
      return localeCompare.apply(this, args);
    };
    const toLocaleString = Number.prototype.toLocaleString;
    Number.prototype.toLocaleString = function (this: number, ...args: Parameters<typeof toLocaleString>) {
      used.push('Number.toLocaleString');
      return toLocaleString.apply(this, args);
    };
  });
  await loginAs(page);
  for (const screen of ['/app', '/app/calendario', '/app/gestione', '/app/impostazioni']) {
    await page.goto(screen, { waitUntil: 'networkidle' });
    await expect(page.getByRole('main')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { intlUsed: string[] }).intlUsed), screen).toEqual([]);
  }
});

test('the screens a member lives in ask the server for each thing once, and nothing their page carries', async ({ page }) => {
  // Without the live stream: a change another test makes meanwhile would rightly ask again.
  await page.addInitScript(() => Object.defineProperty(window, 'EventSource', { value: undefined }));
  const asked = new Map<string, number>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() !== 'GET' || !url.pathname.startsWith('/api/')) return;
    asked.set(url.pathname + url.search, (asked.get(url.pathname + url.search) ?? 0) + 1);
  });
  // An admin: Home also shows the requests waiting for a decision.
  await loginAs(page, demo.admin);
  for (const screen of ['/app', '/app/calendario', '/app/gestione', '/app/impostazioni']) {
    asked.clear();
    await page.goto(screen, { waitUntil: 'networkidle' });
    await expect(page.getByRole('main')).toBeVisible();
    expect([...asked].filter(([, times]) => times > 1), screen).toEqual([]);
    // The answers the page carries are the ones the screen needs: it asks for none of them, nor
    // for the same endpoint with other parameters (another month, another member). Likewise a
    // preloaded answer is asked for once, by its preload.
    const carried = await page
      .locator('#rustico-answers')
      .evaluateAll((scripts) => scripts.flatMap((script) => Object.keys(JSON.parse(script.textContent!) as object)));
    const preloaded = await page.locator('link[rel="preload"][as="fetch"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    expect(carried, screen).toContain('/api/session');
    expect(carried.length, screen).toBeGreaterThan(1);
    const endpoint = (address: string) => address.split('?')[0]!;
    const firstData = new Set([...carried, ...preloaded].map(endpoint));
    const askedOfThem = [...asked.keys()].filter((address) => firstData.has(endpoint(address)));
    expect(askedOfThem.sort(), screen).toEqual([...preloaded].sort());
  }
});

/** Platform timer calls (set and clear) while one of the main screens loads: 15–17 now; Home made 60 when each query had its own. */
const TIMER_CALLS_PER_LOAD = 25;

test('the screens a member lives in make a few platform timer calls while loading, not some for each query', async ({ page }) => {
  // Each call is work on the main thread (and a captured stack in Lighthouse's trace); Query's
  // timers share one (lib/coalesced-timers.ts).
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { timerCalls: string[] }).timerCalls = calls;
    const timers = window as unknown as Record<string, (...args: unknown[]) => unknown>;
    for (const name of ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval']) {
      const original = timers[name]!;
      timers[name] = (...args: unknown[]) => (calls.push(name), original.apply(window, args));
    }
  });
  await loginAs(page, demo.admin);
  for (const screen of ['/app', '/app/calendario', '/app/gestione', '/app/impostazioni']) {
    await page.goto(screen, { waitUntil: 'networkidle' });
    await expect(page.getByRole('main')).toBeVisible();
    const calls = await page.evaluate(() => (window as unknown as { timerCalls: string[] }).timerCalls.length);
    console.log(`${screen}: ${calls} platform timer calls`);
    expect(calls, screen).toBeLessThanOrEqual(TIMER_CALLS_PER_LOAD);
  }
});

test("Radix Toast is no part of a screen's first paint: it loads when the browser is idle", async ({ page }) => {
  const scripts = downloadedScripts(page);
  const withToast = () => [...scripts].filter(([, body]) => body.includes('ToastViewport')).map(([file]) => file);
  await loginAs(page);
  const settings = new SettingsScreen(page);
  await settings.goto();
  // Drawn once the browser is idle, before any message (settings.spec shows one offline).
  await expect(settings.messages).toBeAttached();
  await expect.poll(withToast).toHaveLength(1);
  // The scripts the page names (the entry and the screen's preloads) hold none of it.
  const named = namedScripts(await (await page.request.get('/app/impostazioni')).text());
  expect(named.length).toBeGreaterThan(2);
  expect(named.filter((file) => withToast().includes(file))).toEqual([]);
});

test('the parts a screen fetches when the browser is idle add no preload links to the page', async ({ page }) => {
  const fetched: string[] = [];
  page.on('response', (response) => fetched.push(new URL(response.url()).pathname));
  await loginAs(page, demo.admin);
  // Gestione fetches the select menu, the register's steps and the notes tab; Impostazioni the
  // dialog layer; both the toast region (bundling/idle-parts.ts).
  for (const [screen, parts] of [
    ['/app/gestione', ['select-menu', 'step-for', 'notes-tab', 'toast-region']],
    ['/app/impostazioni', ['dialog-layer', 'toast-region']],
  ] as const) {
    fetched.length = 0;
    await page.goto(screen);
    await expect(page.getByRole('main')).toBeVisible();
    for (const part of parts) {
      await expect.poll(() => fetched.some((file) => file.startsWith(`/assets/${part}-`)), `${screen} ${part}`).toBe(true);
    }
    // A link is work inside the idle callback: the page holds only links to files the server named.
    const named = namedScripts(await (await page.request.get(screen)).text());
    const present = await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    expect(present.filter((file) => !named.includes(file)), screen).toEqual([]);
  }
});

/** The scripts a page the server sends names: its entry and its modulepreloads. */
function namedScripts(html: string): string[] {
  return [...html.matchAll(/<(?:script type="module"[^>]* src|link rel="modulepreload"[^>]* href)="([^"]+)"/g)].map((match) => match[1]!);
}

test('Impostazioni adds no style sheet after its first paint, not even with a dialog open', async ({ page }) => {
  // A sheet added later has the browser style the whole page again: the dialog layer that loads
  // when the browser is idle brings none (ui/dialog.tsx carries its styles).
  await loginAs(page);
  const layer = page.waitForResponse((response) => /\/assets\/dialog-layer-[^/]+\.js$/.test(response.url()));
  await page.goto('/app/impostazioni');
  const settings = new SettingsScreen(page);
  await expect(settings.duration).toBeVisible();
  await layer;
  await settings.duration.click();
  await expect(settings.dialog).toBeVisible();
  // The page the server sends names every sheet the screen has.
  const named = [...(await (await page.request.get('/app/impostazioni')).text()).matchAll(/<link rel="stylesheet"[^>]* href="([^"]+)"/g)].map((match) => match[1]);
  const present = await page.locator('link[rel="stylesheet"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(named.length).toBeGreaterThan(1);
  expect(present.sort()).toEqual(named.sort());
});

test('Gestione, Impostazioni and the calendar are drawn with their data from the first frame', async ({ page }) => {
  // From the first DOM change on: whether "Caricamento…" was ever in the main area, and how many
  // stays the month grid held when it first appeared (a loader that stops waiting shows both).
  await page.addInitScript(() => {
    const seen = { loading: false, firstBars: -1 };
    (window as unknown as { firstFrame: typeof seen }).firstFrame = seen;
    new MutationObserver(() => {
      if (document.querySelector('main')?.textContent?.includes('Caricamento')) seen.loading = true;
      const grid = document.querySelector('[role="grid"]');
      if (grid && seen.firstBars < 0) seen.firstBars = grid.querySelectorAll('[data-status]').length;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  const firstFrame = () => page.evaluate(() => (window as unknown as { firstFrame: { loading: boolean; firstBars: number } }).firstFrame);
  await loginAs(page, demo.admin);
  // A slower server than this one, so that the screen would be drawn before its data if nothing waited.
  for (const address of ['**/api/stays/open', '**/api/profile/notifications', '**/api/bookings?*']) {
    await page.route(address, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
  }

  for (const [screen, ready] of [
    ['/app/gestione', page.getByRole('combobox', { name: 'Seleziona prenotazione' })],
    ['/app/impostazioni', page.getByRole('switch', { name: 'Notifiche push' })],
  ] as const) {
    await page.goto(screen, { waitUntil: 'networkidle' });
    await expect(ready).toBeVisible();
    expect((await firstFrame()).loading, screen).toBe(false);
  }

  // The demo house has stays this month. A busy machine can go quiet on the network for half a
  // second while the screen's scripts run, before the grid is drawn: wait for it, then count.
  await page.goto('/app/calendario', { waitUntil: 'networkidle' });
  const bars = page.getByRole('grid').locator('[data-status]');
  await expect(bars.first()).toBeVisible();
  const shown = await bars.count();
  expect(shown).toBeGreaterThan(0);
  expect((await firstFrame()).firstBars).toBe(shown);
});

test('every font size and weight the main screens draw is resolved while the scripts download', async ({ page }) => {
  /** "size weight" of every laid-out element with text of its own, or of index.html's warm-up. */
  const fonts = (selector: string) =>
    page.evaluate((selector) => {
      const drawn = new Set<string>();
      for (const element of Array.from(document.querySelectorAll(selector))) {
        const hasText = Array.from(element.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && node.nodeValue?.trim());
        if (!hasText || element.getClientRects().length === 0) continue;
        const style = getComputedStyle(element);
        // A bar in a row of two lanes keeps its name at size 0 (calendar/tentative.module.css): no glyph is drawn.
        if (style.fontSize === '0px') continue;
        drawn.add(`${style.fontSize} ${style.fontWeight}`);
      }
      return [...drawn];
    }, selector);
  await loginAs(page, demo.admin);
  for (const width of [412, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const screen of ['/app', '/app/calendario', '/app/gestione', '/app/impostazioni']) {
      await page.goto(screen, { waitUntil: 'networkidle' });
      await expect(page.getByRole('main')).toBeVisible();
      const warmed = await fonts('[data-font-warmup] span');
      expect(warmed.length).toBeGreaterThan(5);
      const drawn = await fonts('#root *');
      expect(drawn.length, screen).toBeGreaterThan(2);
      expect(drawn.filter((font) => !warmed.includes(font)), `${screen} at ${width}px`).toEqual([]);
    }
  }
});

test.describe('on a phone set to German', () => {
  test.use({ locale: 'de-CH' });

  test('a member who reads German downloads the German catalog and not the Italian one', async ({ page }) => {
    const scripts = downloadedScripts(page);
    const carrying = (text: string) => [...scripts].filter(([, body]) => body.includes(text)).map(([file]) => file);
    await loginAs(page, demo.quietFriend);
    for (const [screen, heading] of [
      ['/app/gestione', 'Verwaltung'],
      ['/app/impostazioni', 'Einstellungen'],
    ] as const) {
      await page.goto(screen, { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    }
    // A text of the whole catalogs only (not of the public part the entry holds).
    expect(carrying('Wähle eine Buchung, um fortzufahren.')).toHaveLength(1);
    expect(carrying('Seleziona una prenotazione per procedere.')).toEqual([]);
  });
});

test.describe('on a phone set to French', () => {
  test.use({ locale: 'fr-CH' });

  test('/login in French downloads what an Italian /login does and the French catalog, nothing more', async ({ page, browser }, testInfo) => {
    const scriptsOf = async (login: typeof page) => {
      const scripts = downloadedScripts(login);
      await login.goto('/login', { waitUntil: 'networkidle' });
      await expect(login.getByRole('button', { name: /^(Se connecter|Login)$/ })).toBeVisible();
      return scripts;
    };
    const french = await scriptsOf(page);
    const italianContext = await browser.newContext({ ...testInfo.project.use, locale: 'it-CH' });
    const italian = await scriptsOf(await italianContext.newPage());
    await italianContext.close();
    const catalogs = [...french.keys()].filter((file) => !italian.has(file));
    expect(catalogs).toEqual([expect.stringMatching(/^\/assets\/fr-[\w-]+\.js$/)]);
    expect([...italian.keys()].filter((file) => !french.has(file))).toEqual([]);
    // None of the whole Italian catalog (the entry holds its public part, as for every language).
    expect([...french].filter(([, body]) => body.includes('Seleziona una prenotazione per procedere.')).map(([file]) => file)).toEqual([]);
    const brotli = (body: Buffer) => zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    console.log(`/login in French: the Italian /login's JavaScript and the French catalog, ${(brotli(french.get(catalogs[0]!)!) / 1000).toFixed(1)} KB brotli (as German's)`);
  });

  test('a member who reads French downloads the French catalog and not the Italian one', async ({ page }) => {
    const scripts = downloadedScripts(page);
    const carrying = (text: string) => [...scripts].filter(([, body]) => body.includes(text)).map(([file]) => file);
    await loginAs(page, demo.frenchReader);
    for (const [screen, heading] of [
      ['/app/gestione', 'Gestion'],
      ['/app/impostazioni', 'Réglages'],
    ] as const) {
      await page.goto(screen, { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    }
    expect(carrying('Choisis une réservation pour continuer.')).toHaveLength(1);
    expect(carrying('Seleziona una prenotazione per procedere.')).toEqual([]);
    expect(carrying('Wähle eine Buchung, um fortzufahren.')).toEqual([]);
  });
});
