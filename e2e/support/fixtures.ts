import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test as base, expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { DEMO_PASSWORD, demo, emailOf, type DemoPerson } from './demo.ts';

export { expect };

/** Logs the page's browser context in through the API, as a returning family member would be. */
export async function loginAs(page: Page, person: DemoPerson = demo.member): Promise<void> {
  const response = await page.context().request.post('/api/session', {
    data: { email: emailOf(person), password: DEMO_PASSWORD },
  });
  expect(response.status()).toBe(200);
}

/**
 * Answers an API address with the test's own answer. A member's page carries its screen's first
 * answers (the server's http/page-data.ts): pages come here without them, so the app asks.
 */
export async function fakeApi(page: Page, address: string, answer: Parameters<Page['route']>[1]): Promise<void> {
  await page.route(address, answer);
  await page.route(
    (url) => !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/assets/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const body = (await response.text()).replace(/<script type="application\/json" id="rustico-answers">.*?<\/script>/s, '');
      return route.fulfill({ response, body });
    },
  );
}

/** The WCAG 2.2 A and AA success criteria (and those of 2.0 and 2.1 they include). */
export const WCAG_22_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * axe keeps some WCAG A/AA rules "experimental" and off even when their tags are asked for;
 * label-content-name-mismatch (2.5.3, label in name) is the one the calendar failed.
 */
const EXPERIMENTAL_WCAG_RULES = ['label-content-name-mismatch', 'p-as-heading', 'table-fake-caption', 'td-has-header', 'css-orientation-lock'];

/**
 * axe-core's script, put into a page once and run there. @axe-core/playwright's builder injected
 * it again on every run and gathered its result in a blank page it opened each time (for frames,
 * which the app has none of): 1–2 s a run against 0.2–0.4 s (measured on 28 November).
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: [...WCAG_22_AA_TAGS, 'best-practice'] },
  rules: Object.fromEntries(EXPERIMENTAL_WCAG_RULES.map((id) => [id, { enabled: true }])),
  resultTypes: ['violations'],
};

async function runAxe(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate((options) => (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe.run(document, options), AXE_OPTIONS);
}

/**
 * Accessibility violations that matter: serious and critical ones, under the WCAG 2.2 A/AA
 * rules and axe's best practices.
 */
export async function seriousA11yViolations(page: Page) {
  // Reduced motion ends the transitions under way: colours are read as they end, not half-way
  // (a dialog fading in once failed colour-contrast in CI).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // A switch of colour scheme starts colour transitions (the shell's) that children inherit,
  // whatever reduced motion says: without transitions every colour is at its end at once (axe
  // read a Home card's light-scheme text on the dark card when the run was quick).
  const still = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  // At rest: a dialog's opening animation ends before its colours are read.
  const settle = async () => {
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  };
  const analyze = async () => {
    await settle();
    const results = await runAxe(page);
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => `${n.target.join(' ')}: ${n.any[0]?.message ?? ''}`) }));
  };
  try {
    const violations = await analyze();
    // axe names a node that left the page while it ran (a lazy part replacing its placeholder) ':root'
    // (label-content-name-mismatch on :root, once in CI): such a reading is taken again; a real fault stays.
    return violations.some((v) => v.targets.some((target) => target.startsWith(':root:'))) ? await analyze() : violations;
  } finally {
    await still.evaluate((style) => (style as Element).remove());
    await page.emulateMedia({ reducedMotion: null });
  }
}

/**
 * No serious or critical violation on the page as it is now, in the light and the dark colour
 * scheme (prefers-color-scheme, switched without a reload); `what` names it in a failure.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await seriousA11yViolations(page), `${what}, ${colorScheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

export const test = base;
