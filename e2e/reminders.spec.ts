import { HomeReminders } from './pages/home-page.ts';
import { createMember, loginAsMember } from './pages/settings-pages.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import { runReminders } from './support/reminders.ts';
import { bookAsAdminFor } from './support/stays.ts';

/*
 * A reminder no channel delivers, on the phone: a member who chose push for reminders has no
 * device that takes it, and the house (this run of the command line) has no email. The run says
 * so, and Home shows what it was about and why until the member dismisses it. May 2008: no other
 * spec's stay is there, and 13.05.2008 is a Tuesday (no admins' Monday summary).
 */
test('a push-only reminder without a device is reported undeliverable and shown on Home until dismissed', async ({ page }, testInfo) => {
  const member = await createMember(testInfo, 'Luca Promemoria');
  await loginAsMember(page, member);
  const choices = await page.context().request.put('/api/profile/notifications', { data: { bookings: 'push', notes: 'push', reminders: 'push' } });
  expect(choices.status()).toBe(200);
  await bookAsAdminFor(member.id, { start: '2008-05-14', end: '2008-05-16' });

  const report = runReminders('2008-05-13T09:00', { mail: false });
  expect(report).toContain(`undeliverable arrival-eve to ${member.email}: no push subscription, and email is off (SMTP_URL is not set)`);

  const home = new HomeReminders(page);
  await home.goto();
  await expect(home.undelivered).toHaveAccessibleName('Promemoria non recapitato');
  await expect(home.undelivered).toContainText('Si parte domani: soggiorno dal 14.05.2008 al 16.05.2008');
  await expect(home.undelivered).toContainText('Nessuno dei tuoi dispositivi riceve le notifiche, e questo server non invia email.');
  await expect(home.turnOn).toHaveAttribute('href', '/app/impostazioni');
  await expectAccessible(page, 'Home with an undelivered reminder');

  await home.dismiss();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ciao');
  await expect(home.undelivered).toHaveCount(0);
});
