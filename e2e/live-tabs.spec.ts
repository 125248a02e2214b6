import { request as playwrightRequest, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { CalendarPage, display, iso, monthAhead } from './pages/calendar-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { Shell } from './pages/shell.ts';
import { DEMO_PASSWORD, EMAIL_DOMAIN, demo, emailOf } from './support/demo.ts';
import { expect, test } from './support/fixtures.ts';

/*
 * Served over HTTP/1.1, a browser keeps at most six connections per host: a
 * live stream per tab froze the app from the seventh tab on. The tabs of a
 * browser now share one stream. Each test logs in as a member of its own, so
 * the server's count of that member's streams is this browser's alone.
 */

/** A new member, logged in in `context`; returns their name. */
async function newMemberIn(context: BrowserContext, testInfo: TestInfo, label: string): Promise<string> {
  const admin = await playwrightRequest.newContext({ baseURL: testInfo.project.use.baseURL! });
  expect((await admin.post('/api/session', { data: { email: emailOf(demo.superadmin), password: DEMO_PASSWORD } })).status()).toBe(200);
  const suffix = `${testInfo.project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `${label} ${suffix}`;
  const email = `${label.toLowerCase()}-${suffix}@${EMAIL_DOMAIN}`;
  const created = await admin.post('/api/admin/users', { data: { name, email } });
  expect(created.status(), await created.text()).toBe(201);
  const { password } = (await created.json()) as { password: string };
  await admin.dispose();
  expect((await context.request.post('/api/session', { data: { email, password } })).status()).toBe(200);
  return name;
}

/** How many live streams the logged-in member holds on the server. */
async function serverStreams(context: BrowserContext): Promise<number> {
  return ((await (await context.request.get('/api/events/streams')).json()) as { open: number }).open;
}

/** The browser's open /api/events requests, by the tab that made them. */
function watchStreams(context: BrowserContext): Map<object, Page> {
  const open = new Map<object, Page>();
  const isStream = (url: string) => new URL(url).pathname === '/api/events';
  context.on('request', (request) => {
    if (isStream(request.url())) open.set(request, request.frame().page());
  });
  context.on('requestfinished', (request) => open.delete(request));
  context.on('requestfailed', (request) => open.delete(request));
  return open;
}

/** Books through a tab's own fetch, as its page would. */
async function bookFrom(page: Page, start: string, end: string): Promise<void> {
  const status = await page.evaluate(
    async (body) => (await fetch('/api/bookings', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status,
    { start, end, purpose: 'personal' },
  );
  expect(status).toBe(201);
}

test('ten tabs of one browser share one live stream, and it changes hands when its tab closes', async ({ context }, testInfo) => {
  test.setTimeout(120_000);
  const name = await newMemberIn(context, testInfo, 'Schede');
  const streams = watchStreams(context);
  const offset = testInfo.project.name === 'phone' ? 34 : 74;
  const month = monthAhead(offset);

  const tabs: Page[] = [];
  for (let i = 0; i < 10; i++) {
    const tab = await context.newPage();
    await tab.goto('/app', { timeout: 15_000 });
    tabs.push(tab);
  }
  for (const tab of tabs) await expect(tab.getByRole('heading', { level: 1, name: `Ciao, ${name}` })).toBeVisible();

  await expect.poll(() => serverStreams(context)).toBe(1);
  expect(streams.size).toBe(1);

  const elapsed = await tabs[0]!.evaluate(async () => {
    const started = performance.now();
    const response = await fetch('/api/bookings/next');
    await response.json();
    return performance.now() - started;
  });
  expect(elapsed).toBeLessThan(2_000);

  // Two tabs watch the month in the app (a reload would leave the stream's queue); the tenth books.
  const watchers = [tabs[0]!, tabs[1]!];
  for (const tab of watchers) {
    await new Shell(tab).entry('Calendario').click();
    await new CalendarPage(tab).skipMonths(offset);
  }
  await bookFrom(tabs[9]!, iso(month, 10), iso(month, 12));
  for (const tab of watchers) await new CalendarPage(tab).expectBookedBy(display(month, 10), name, { timeout: 2_000 });

  // The tab holding the stream closes: another takes it over and notices still arrive.
  const leader = [...streams.values()][0]!;
  const watcher = watchers.find((tab) => tab !== leader)!;
  const booker = tabs.find((tab) => tab !== leader && tab !== watcher)!;
  await leader.close();
  await expect.poll(() => streams.size, { timeout: 2_000 }).toBe(1);
  await bookFrom(booker, iso(month, 20), iso(month, 21));
  await new CalendarPage(watcher).expectBookedBy(display(month, 20), name, { timeout: 3_000 });
  await expect.poll(() => serverStreams(context)).toBe(1);
});

test('logging out in one tab ends the stream for every tab', async ({ context, page }, testInfo) => {
  await newMemberIn(context, testInfo, 'Uscita');
  const other = await context.newPage();
  for (const tab of [page, other]) await tab.goto('/app/impostazioni');
  await expect.poll(() => serverStreams(context)).toBe(1);

  await other.getByRole('button', { name: 'Logout' }).click();
  await expect(other).toHaveURL(/\/login$/);
  await expect(page).toHaveURL(/\/login$/);
  await expect(new LoginPage(page).submit).toBeVisible();
  expect((await context.request.get('/api/events/streams')).status()).toBe(401);
});
