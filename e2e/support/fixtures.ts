import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, demo, emailOf, type DemoPerson } from './demo.ts';

export { expect };

/** Logs the page's browser context in through the API, as a returning family member would be. */
export async function loginAs(page: Page, person: DemoPerson = demo.member): Promise<void> {
  const response = await page.context().request.post('/api/session', {
    data: { email: emailOf(person), password: DEMO_PASSWORD },
  });
  expect(response.status()).toBe(200);
}

/** Accessibility violations that matter: serious and critical ones. */
export async function seriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

export const test = base;
