import { addDays, formatDisplayDate, todayIn } from '@rustico/core';
import { expect, request as playwrightRequest, type APIRequestContext, type BrowserContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { DEMO_PASSWORD, EMAIL_DOMAIN, demo, emailOf } from '../support/demo.ts';

/** The house's time zone in the demo. */
const HOUSE_TIME_ZONE = 'Europe/Zurich';

/** «opzione fino al …»'s day for a hold made now with the demo's 7 days, as the app shows it. */
export const holdLastDay = (days = 7) => formatDisplayDate(addDays(todayIn(HOUSE_TIME_ZONE), days));

/** A new member of the demo house, logged in in `context` (so no demo member's holds or quota count); returns their name. */
export async function newMemberIn(context: BrowserContext, testInfo: TestInfo, label: string): Promise<string> {
  const admin: APIRequestContext = await playwrightRequest.newContext({ baseURL: testInfo.project.use.baseURL! });
  expect((await admin.post('/api/session', { data: { email: emailOf(demo.superadmin), password: DEMO_PASSWORD } })).status()).toBe(200);
  const suffix = `${testInfo.project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `${label} ${suffix}`;
  const created = await admin.post('/api/admin/users', { data: { name, email: `${label.toLowerCase()}-${suffix}@${EMAIL_DOMAIN}` } });
  expect(created.status(), await created.text()).toBe(201);
  const { password } = (await created.json()) as { password: string };
  const email = `${label.toLowerCase()}-${suffix}@${EMAIL_DOMAIN}`;
  await admin.dispose();
  expect((await context.request.post('/api/session', { data: { email, password } })).status()).toBe(200);
  return name;
}

/** The hold parts of the calendar: «Tieni in opzione» on the new-booking bar, the hatched bars, the hold's panel. */
export class HoldsPage {
  readonly holdButton: Locator;
  readonly confirm: Locator;
  readonly release: Locator;
  readonly notify: Locator;

  constructor(readonly page: Page) {
    this.holdButton = page.getByRole('button', { name: 'Tieni in opzione' });
    this.confirm = page.getByRole('button', { name: 'Conferma', exact: true });
    this.release = page.getByRole('button', { name: 'Rilascia', exact: true });
    this.notify = page.getByRole('button', { name: 'Avvisami se si libera' });
  }

  /** Taps «Tieni in opzione»; a refusal fails here with the server's answer, not later on a missing toast. */
  async keep(): Promise<void> {
    const answered = this.page.waitForResponse((response) => new URL(response.url()).pathname === '/api/holds' && response.request().method() === 'POST');
    await this.holdButton.tap();
    const response = await answered;
    expect(response.status(), await response.text()).toBe(201);
  }

  /** The hatched bars of the month shown. */
  get bars(): Locator {
    return this.page.locator('[data-status="held"]');
  }

  /** The hold's panel, once a held day is tapped. */
  get panel(): Locator {
    return this.page.getByRole('heading', { name: 'Opzione', exact: true });
  }

  toast(text: string): Locator {
    return this.page.getByRole('status').filter({ hasText: text }).first();
  }
}
