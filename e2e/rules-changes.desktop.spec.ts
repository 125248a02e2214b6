import { request as playwrightRequest } from '@playwright/test';
import { StaleEditView } from './pages/changes-pages.ts';
import { RulesPage } from './pages/fairness-pages.ts';
import { createMember } from './pages/settings-pages.ts';
import { DEMO_PASSWORD, demo, emailOf } from './support/demo.ts';
import { expect, loginAs, test } from './support/fixtures.ts';

/*
 * The house rules are one for the whole house, so this runs in one project only (desktop) and
 * touches only the longest stay, raising it: no other spec books a stay that a longer limit refuses.
 * Its two tests change the one rules object and expect to be the only admins at it: one after the other.
 */
test.describe.configure({ mode: 'default' });

const FIELD = 'Soggiorno più lungo (notti)';

test('two admins change the rules at once: an untouched form follows, a typed one is told and applies its own', async ({ page }, testInfo) => {
  const marco = await playwrightRequest.newContext({ baseURL: testInfo.project.use.baseURL! });
  expect((await marco.post('/api/session', { data: { email: emailOf(demo.superadmin), password: DEMO_PASSWORD } })).status()).toBe(200);
  const original = ((await (await marco.get('/api/house/rules')).json()) as { rules: { maxStayNights: number } }).rules.maxStayNights;
  const setLongestStay = async (nights: number) => expect((await marco.put('/api/house/rules', { data: { maxStayNights: nights } })).status()).toBe(200);
  try {
    await loginAs(page, demo.admin);
    const rules = new RulesPage(page);
    await rules.open();
    const field = rules.limits.getByLabel(FIELD);
    await expect(field).toHaveValue(String(original));

    // Nothing typed yet: Marco's change shows up in Giulia's form as it is saved.
    await setLongestStay(original + 1);
    await expect(field).toHaveValue(String(original + 1));

    // Giulia types; Marco saves meanwhile. What she typed stays, and her save does not overwrite his.
    await field.fill(String(original + 3));
    await setLongestStay(original + 2);
    await expect(rules.history).toContainText(`${original + 1} notti → ${original + 2} notti`);
    await expect(field).toHaveValue(String(original + 3));
    await rules.limits.getByRole('button', { name: 'Salva' }).click();
    const stale = new StaleEditView(page);
    await expect(stale.root).toContainText(`${demo.superadmin.name} l’ha modificato il`);
    await expect(stale.row(FIELD)).toContainText(`Ora (${demo.superadmin.name}) ${original + 2} nottiLe tue modifiche ${original + 3} notti`);
    await stale.applyMine.click();
    await expect(field).toHaveValue(String(original + 3));
    await expect(rules.history).toContainText(`${original + 2} notti → ${original + 3} notti`);
    const saved = ((await (await marco.get('/api/house/rules')).json()) as { rules: { maxStayNights: number } }).rules.maxStayNights;
    expect(saved).toBe(original + 3);
  } finally {
    await setLongestStay(original);
    await marco.dispose();
  }
});

test("a member's quota given at once by two admins: the later is told who, sees the new value and saves on it; another rule changed meanwhile is no conflict", async ({ page }, testInfo) => {
  const member = await createMember(testInfo, 'Quota Doppia');
  const marco = await playwrightRequest.newContext({ baseURL: testInfo.project.use.baseURL! });
  expect((await marco.post('/api/session', { data: { email: emailOf(demo.superadmin), password: DEMO_PASSWORD } })).status()).toBe(200);
  const longest = ((await (await marco.get('/api/house/rules')).json()) as { rules: { maxStayNights: number } }).rules.maxStayNights;
  try {
    await loginAs(page, demo.admin);
    const rules = new RulesPage(page);
    await rules.open();
    await rules.quotas.getByRole('button', { name: `Cambia la quota di ${member.name}` }).click();
    const dialog = rules.dialog(`Quota di ${member.name}`);
    const field = dialog.getByLabel('Notti personali all’anno');
    await field.fill('12');
    // Marco gives her a quota while Giulia's dialog is open.
    expect((await marco.put(`/api/house/rules/quotas/${member.id}`, { data: { quotaNights: 20 } })).status()).toBe(200);
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(dialog).toContainText(`${demo.superadmin.name} l’ha modificato nel frattempo`);
    await expect(field).toHaveValue('20');
    await field.fill('12');
    // Another rule changing meanwhile is no conflict for her quota: her save goes through on it.
    expect((await marco.put('/api/house/rules', { data: { maxStayNights: longest + 1 } })).status()).toBe(200);
    await dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(dialog).toBeHidden();
    const saved = (await (await marco.get('/api/house/rules')).json()) as { rules: { memberQuotas: { memberId: string; quotaNights: number }[] } };
    expect(saved.rules.memberQuotas.find((q) => q.memberId === member.id)?.quotaNights).toBe(12);
  } finally {
    await marco.put('/api/house/rules', { data: { maxStayNights: longest } });
    await marco.put(`/api/house/rules/quotas/${member.id}`, { data: { quotaNights: null } });
    await marco.dispose();
  }
});
