import { writeFile } from 'node:fs/promises';
import { Shell } from './pages/shell.ts';
import {
  ProfileScreen,
  SettingsScreen,
  createMember,
  fakeSubscription,
  loginAsMember,
  makePng,
  stubPushService,
} from './pages/settings-pages.ts';
import { demo } from './support/demo.ts';
import { expect, loginAs, seriousA11yViolations, test } from './support/fixtures.ts';

test.describe('Impostazioni', () => {
  test('a member sees the account, notification and app rows but no admin block', async ({ page }, testInfo) => {
    const member = await createMember(testInfo, 'Rosa Righetti');
    await loginAsMember(page, member);
    const settings = new SettingsScreen(page);
    await settings.goto();
    await expect(settings.profile).toContainText(member.name);
    await expect(settings.gift).toContainText('Disponibile');
    await expect(settings.myBookings).toHaveAttribute('href', `/app/prenotazioni/${member.id}`);
    await expect(settings.pushSwitch).toBeVisible();
    await expect(settings.duration).toContainText('Media (5 s)');
    await expect(settings.language).toContainText('Italiano');
    for (const row of [settings.calendarFeed, settings.clearCache, settings.share, settings.checkUpdates, settings.logout]) {
      await expect(row).toBeVisible();
    }
    await expect(settings.admin).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Without a service worker (blocked here) there is nothing to update: it says so, it does not crash.
    await settings.checkUpdates.click();
    await expect(settings.toast('Gli aggiornamenti automatici non sono disponibili in questo browser.')).toBeVisible();
  });

  test('admins see the admin rows; only the superadmin sees Utenti', async ({ page }) => {
    const settings = new SettingsScreen(page);
    await loginAs(page, demo.admin);
    await settings.goto();
    await expect(settings.admin.getByRole('link', { name: 'Tutte le prenotazioni' })).toHaveAttribute('href', '/app/prenotazioni/0');
    await expect(settings.admin.getByText('Statistiche')).toBeVisible();
    await expect(settings.admin.getByRole('link', { name: 'Pagina di benvenuto' })).toBeVisible();
    await expect(settings.admin.getByText('Utenti')).toHaveCount(0);

    // Last night's backup of the demo house: the admin sees it, only the superadmin may take it home.
    const backup = settings.admin.getByRole('button', { name: /^Backup/ });
    await expect(backup).toContainText(/Riuscito · \d{2}\.\d{2}\.\d{4} 03:00 · \d+ KB/);
    await backup.click();
    await expect(settings.dialog.getByText('Ultimo')).toBeVisible();
    await expect(settings.dialog.getByRole('link', { name: 'Scarica l’ultimo' })).toHaveCount(0);
    await settings.dialog.getByRole('button', { name: 'Chiudi' }).click();

    await loginAs(page, demo.superadmin);
    await settings.goto();
    await expect(settings.admin.getByText('Utenti')).toBeVisible();
    await settings.admin.getByRole('button', { name: /^Backup/ }).click();
    const download = settings.dialog.getByRole('link', { name: 'Scarica l’ultimo' });
    await expect(download).toHaveAttribute('href', '/api/admin/backups/latest');
    const file = await page.request.get('/api/admin/backups/latest');
    expect(file.status()).toBe(200);
    expect(file.headers()['content-disposition']).toMatch(/^attachment; filename="rustico-\d{4}-\d{2}-\d{2}\.sqlite"$/);
    expect((await file.body()).subarray(0, 15).toString()).toBe('SQLite format 3');
  });

  test('the private calendar address can be shown, copied and renewed', async ({ page, context }, testInfo) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const member = await createMember(testInfo, 'Carla Calendario');
    await loginAsMember(page, member);
    const settings = new SettingsScreen(page);
    await settings.goto();
    await settings.calendarFeed.click();
    const address = settings.dialog.getByText(/\/api\/calendar\/[\w-]+\.ics$/);
    await expect(address).toBeVisible();
    const first = await address.textContent();
    await settings.dialog.getByRole('button', { name: 'Copia link' }).click();
    await expect(settings.toast('Link del calendario copiato')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

    await settings.dialog.getByRole('button', { name: 'Rinnova link' }).click();
    await expect(settings.dialog).toContainText('Il vecchio indirizzo smetterà di funzionare');
    const renewed = page.waitForResponse((r) => r.url().endsWith('/api/profile/calendar-feed/renew') && r.status() === 200);
    await settings.dialog.getByRole('button', { name: 'Rinnova link' }).click();
    await renewed;
    await expect(settings.toast('Nuovo link del calendario creato')).toBeVisible();
    await expect(address).toBeVisible();
    await expect(address).not.toHaveText(first!);
  });
});

test.describe('Profilo', () => {
  test('photo by file chooser, the name error, then saving shows the new name and photo in the shell', { tag: '@desktop' }, async ({ page }, testInfo) => {
    const member = await createMember(testInfo, 'Nina Nessi');
    await loginAsMember(page, member);
    const settings = new SettingsScreen(page);
    await settings.goto();
    await settings.profile.click();
    await expect(page).toHaveURL(/\/app\/impostazioni\/profilo$/);

    const profile = new ProfileScreen(page);
    await expect(profile.name).toHaveValue(member.name);
    await expect(profile.email).toHaveValue(member.email);
    await expect(profile.email).toBeDisabled();
    // The password is changed on its own page.
    await expect(profile.password).toHaveAttribute('href', '/app/impostazioni/password');
    // No photo yet: the default picture, 180 px round.
    await expect(profile.photo.getByRole('img')).toHaveCount(0);
    const box = await profile.photo.boundingBox();
    expect(Math.round(box!.width)).toBe(180);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The name is required.
    await profile.name.fill('   ');
    await profile.save.click();
    await expect(profile.name).toHaveAttribute('aria-invalid', 'true');
    await expect(profile.name).toHaveAccessibleDescription('Il nome utente è obbligatorio.');

    // A photo through the file chooser is previewed before saving.
    const chooser = page.waitForEvent('filechooser');
    await profile.photo.click();
    await (await chooser).setFiles({ name: 'ritratto.png', mimeType: 'image/png', buffer: makePng() });
    await expect(profile.photo.locator('img')).toHaveAttribute('src', /^blob:/);

    const newName = `${member.name} Nuova`;
    await profile.name.fill(newName);
    await expect(profile.name).not.toHaveAttribute('aria-invalid');
    const upload = page.waitForResponse((r) => r.url().endsWith('/api/profile/photo') && r.request().method() === 'PUT');
    const rename = page.waitForResponse((r) => r.url().endsWith('/api/profile') && r.request().method() === 'PUT');
    await profile.save.click();
    const uploaded = await upload;
    expect(uploaded.status()).toBe(200);
    expect(uploaded.request().headers()['content-type']).toBe('image/png');
    const { user } = (await uploaded.json()) as { user: { photoUrl: string | null } };
    expect(user.photoUrl).toBeTruthy();
    expect((await rename).status()).toBe(200);
    await expect(settings.toast('Modifiche salvate con successo!')).toBeVisible();

    // At once, without a reload: the navigation shows the new name and photo (the phone's bottom bar has no user block).
    const shell = new Shell(page);
    const navName = shell.nav.getByText(newName, { exact: true });
    const navPhoto = shell.nav.locator(`img[src="${user.photoUrl}"]`);
    await expect(navName).toBeAttached();
    await expect(navPhoto).toBeAttached();
    if (testInfo.project.name === 'desktop') {
      await expect(navName).toBeVisible();
      await expect(navPhoto).toBeVisible();
    }
    await expect(profile.photo.locator('img')).toHaveAttribute('src', user.photoUrl!);
    await page.getByRole('link', { name: 'Impostazioni' }).first().click();
    await expect(settings.profile).toContainText(newName);

    // And it stays after a reload.
    await profile.goto();
    await expect(profile.name).toHaveValue(newName);
    await expect(navPhoto).toBeAttached();
  });

  test('a file that cannot be the photo says why at once and the current photo stays', async ({ page }, testInfo) => {
    const member = await createMember(testInfo, 'Ugo Upload');
    await loginAsMember(page, member);
    const uploaded = await page.context().request.put('/api/profile/photo', { headers: { 'Content-Type': 'image/png' }, data: makePng() });
    expect(uploaded.status(), await uploaded.text()).toBe(200);
    const current = ((await uploaded.json()) as { user: { photoUrl: string } }).user.photoUrl;
    const profile = new ProfileScreen(page);
    await profile.goto();
    const shown = profile.photo.locator('img');
    await expect(shown).toHaveAttribute('src', current);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/profile/photo')) sent.push(request.method());
    });

    // Files on disk: the browser reads them there instead of receiving megabytes over the wire.
    const onDisk = async (name: string, bytes: Buffer) => {
      const path = testInfo.outputPath(name);
      await writeFile(path, bytes);
      return path;
    };
    // Twelve megabytes of something else, named (and so typed) as a JPEG.
    await profile.fileInput.setInputFiles(await onDisk('vacanze.jpg', Buffer.alloc(12 * 1024 * 1024, 7)));
    await expect(profile.photoError).toHaveText('«vacanze.jpg» non è una foto: scegli un’immagine JPEG, PNG, WebP, HEIC o GIF. Resta la foto attuale.');
    await expect(shown).toHaveAttribute('src', current);
    await expect(profile.photo).toHaveAccessibleDescription(/non è una foto/);

    // A picture larger than the server takes.
    const large = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(16 * 1024 * 1024)]);
    await profile.fileInput.setInputFiles(await onDisk('panorama.jpg', large));
    await expect(profile.photoError).toHaveText('«panorama.jpg» è troppo grande (16 MB; al massimo 15 MB). Resta la foto attuale.');
    await expect(shown).toHaveAttribute('src', current);

    // A PNG that is broken: the browser cannot draw it, so it is not taken either.
    await profile.fileInput.setInputFiles({ name: 'rotta.png', mimeType: 'image/png', buffer: Buffer.concat([makePng().subarray(0, 16), Buffer.alloc(64)]) });
    await expect(profile.photoError).toHaveText('«rotta.png» è danneggiata e non si può leggere. Resta la foto attuale.');
    await expect(shown).toHaveAttribute('src', current);

    // A good one is taken: its preview shows and the refusal goes.
    await profile.fileInput.setInputFiles({ name: 'ritratto.png', mimeType: 'image/png', buffer: makePng(64, [47, 93, 74]) });
    await expect(shown).toHaveAttribute('src', /^blob:/);
    await expect(profile.photoError).toBeHidden();
    expect(sent).toEqual([]);
  });

  test('a picture the server cannot read stops the save, says why and the current photo stays', async ({ page }, testInfo) => {
    const member = await createMember(testInfo, 'Bruno Broken');
    await loginAsMember(page, member);
    const profile = new ProfileScreen(page);
    await profile.goto();
    // Starts like an iPhone's HEIC, which not every browser draws: kept, without a preview, for the server to judge.
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(512)]);
    await profile.fileInput.setInputFiles({ name: 'IMG_0042.heic', mimeType: 'image/heic', buffer: heic });
    await expect(profile.photoHint).toHaveText('Anteprima di «IMG_0042.heic» non disponibile su questo dispositivo: premi Salva per usarla.');
    await profile.name.fill(`${member.name} Mai`);
    let renamed = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/profile') && r.method() === 'PUT') renamed = true;
    });
    const upload = page.waitForResponse((r) => r.url().endsWith('/api/profile/photo'));
    await profile.save.click();
    expect((await upload).status()).toBe(400);
    await expect(new SettingsScreen(page).toast("Impossibile caricare l'immagine")).toBeVisible();
    await expect(profile.photoError).toHaveText('Questo file non è una foto leggibile (JPEG, PNG, WebP, HEIC o GIF). Resta la foto attuale.');
    // The default picture it had, not the refused file.
    await expect(profile.photo.locator('img')).toHaveCount(0);
    expect(renamed).toBe(false);
    await expect(new Shell(page).nav.getByText(member.name, { exact: true })).toBeAttached();
    await expect(profile.name).toHaveValue(`${member.name} Mai`);
  });
});

test.describe('Notifiche push', () => {
  test.use({ serviceWorkers: 'allow' });

  test('turning the switch on with permission stores the subscription; off removes it', async ({ page, context }, testInfo) => {
    const member = await createMember(testInfo, 'Pia Push');
    const subscription = fakeSubscription();
    await context.grantPermissions(['notifications']);
    await stubPushService(page, subscription);
    await loginAsMember(page, member);
    const settings = new SettingsScreen(page);
    await settings.goto();
    await expect(settings.pushSwitch).toBeEnabled();
    await expect(settings.pushSwitch).not.toBeChecked();

    const stored = page.waitForRequest((r) => r.url().endsWith('/api/push/subscriptions') && r.method() === 'POST');
    const storedResponse = page.waitForResponse((r) => r.url().endsWith('/api/push/subscriptions') && r.request().method() === 'POST');
    await settings.pushSwitch.click();
    expect((await stored).postDataJSON()).toEqual(subscription);
    expect((await storedResponse).status()).toBe(204);
    await expect(settings.pushSwitch).toBeChecked();
    await expect(settings.toast('Notifiche attivate')).toBeVisible();

    // This device stays subscribed across a reload.
    await page.reload();
    await expect(settings.pushSwitch).toBeEnabled();
    await expect(settings.pushSwitch).toBeChecked();

    const removed = page.waitForRequest((r) => r.url().endsWith('/api/push/subscriptions/remove'));
    const removedResponse = page.waitForResponse((r) => r.url().endsWith('/api/push/subscriptions/remove'));
    await settings.pushSwitch.click();
    expect((await removed).postDataJSON()).toEqual({ endpoint: subscription.endpoint });
    expect((await removedResponse).status()).toBe(204);
    await expect(settings.pushSwitch).not.toBeChecked();
    await page.reload();
    await expect(settings.pushSwitch).toBeEnabled();
    await expect(settings.pushSwitch).not.toBeChecked();
  });

  test('a denied permission is logged and the switch goes back off', async ({ page }, testInfo) => {
    const member = await createMember(testInfo, 'Dino Diniego');
    await page.addInitScript(() => {
      Notification.requestPermission = () => Promise.resolve('denied');
    });
    await loginAsMember(page, member);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    const settings = new SettingsScreen(page);
    await settings.goto();
    await expect(settings.pushSwitch).toBeEnabled();
    await settings.pushSwitch.click();
    await expect(settings.toast('Le notifiche sono bloccate nelle impostazioni del browser.')).toBeVisible();
    await expect(settings.pushSwitch).not.toBeChecked();
    expect(warnings.some((text) => text.includes('denied'))).toBe(true);
  });
});

test.describe('Canali delle notifiche', () => {
  test("a member chooses email for the notes and none for others' bookings; the server keeps it for every device", async ({ page }, testInfo) => {
    const member = await createMember(testInfo, 'Nina Canali');
    await loginAsMember(page, member);
    const settings = new SettingsScreen(page);
    await settings.goto();
    await expect(settings.channel('Prenotazioni degli altri')).toContainText('Notifica push');
    await expect(settings.channel('Promemoria')).toContainText('Push ed email');

    await settings.channel('Nuove note').click();
    await settings.dialog.getByRole('radio', { name: 'Email', exact: true }).check();
    await settings.dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(settings.toast('Scelta salvata')).toBeVisible();
    // Notes by email come in the evening's summary, unless the member wants them at once.
    await expect(settings.channel('Email delle note')).toContainText('Riepilogo giornaliero');
    await settings.channel('Email delle note').click();
    await expect(settings.dialog).toContainText('una sola email la sera');
    await settings.dialog.getByRole('radio', { name: 'Subito' }).check();
    await settings.dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(settings.channel('Email delle note')).toContainText('Subito');
    await settings.channel('Prenotazioni degli altri').click();
    await settings.dialog.getByRole('radio', { name: 'Nessuna' }).check();
    await settings.dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(settings.channel('Prenotazioni degli altri')).toContainText('Nessuna');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.reload();
    await expect(settings.channel('Nuove note')).toContainText('Email');
    await expect(settings.channel('Prenotazioni degli altri')).toContainText('Nessuna');
    await expect(settings.channel('Email delle note')).toContainText('Subito');
    // Bookings come by push only: no pace of emails to choose for them.
    await expect(settings.channel('Email delle prenotazioni')).toHaveCount(0);
    const saved = await page.context().request.get('/api/profile/notifications');
    expect(await saved.json()).toEqual({
      choices: { bookings: 'none', notes: 'email', reminders: 'both', fairness: 'push' },
      paces: { bookings: 'daily', notes: 'immediate' },
      mailEnabled: true,
    });
  });
});

test.describe('Preferenze del dispositivo', () => {
  test('the notification duration is kept across reloads and used for messages in the open app', async ({ page }) => {
    await loginAs(page, demo.member2);
    const settings = new SettingsScreen(page);
    await settings.goto();
    await settings.duration.click();
    await expect(settings.dialog.getByRole('radio', { name: 'Media (5 s)' })).toBeChecked();
    await settings.dialog.getByRole('radio', { name: 'Lunga (7,5 s)' }).check();
    await settings.dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(settings.dialog).toHaveCount(0);
    await expect(settings.duration).toContainText('Lunga (7,5 s)');

    await page.reload();
    await expect(settings.duration).toContainText('Lunga (7,5 s)');
    await settings.duration.click();
    await expect(settings.dialog.getByRole('radio', { name: 'Lunga (7,5 s)' })).toBeChecked();
    await expect(settings.dialog.getByRole('radio', { name: 'Media (5 s)' })).not.toBeChecked();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await settings.dialog.getByRole('button', { name: 'Annulla' }).click();

    // A push message the service worker hands to the visible app becomes a toast with title and body.
    await page.evaluate(() => {
      navigator.serviceWorker.dispatchEvent(
        new MessageEvent('message', { data: { type: 'push', message: { title: 'Nuova nota', body: 'Luca: la legna è finita', url: '/app/gestione#note' } } }),
      );
    });
    const message = settings.toast('Nuova nota');
    await expect(message).toContainText('Luca: la legna è finita');
  });

  test('clearing the cache offline shows the persistent snackbar until Ok', async ({ page, context }) => {
    await loginAs(page, demo.member2);
    const settings = new SettingsScreen(page);
    await settings.goto();
    // The region that draws messages comes once the browser is idle: the signal goes after that,
    // as when a phone loses it while the screen is open.
    await expect(settings.messages).toBeAttached();
    await context.setOffline(true);
    await settings.clearCache.click();
    const snackbar = settings.toast('Devi essere online per eliminare la cache.');
    await expect(snackbar).toBeVisible();
    // Persistent: still there after a normal toast has come and gone.
    await settings.checkUpdates.click();
    await expect(settings.toast(/aggiornamenti/)).toBeVisible();
    await expect(settings.toast(/aggiornamenti/)).toHaveCount(0, { timeout: 8_000 });
    await expect(snackbar).toBeVisible();
    await snackbar.getByRole('button', { name: 'Ok' }).click();
    await expect(snackbar).toHaveCount(0);
    await context.setOffline(false);
  });

  test('the language switches to Deutsch and back to Italiano', async ({ page }, testInfo) => {
    // A member of its own: the choice is kept on the server, and would reach other tests' sessions.
    await loginAsMember(page, await createMember(testInfo, 'Lina Lingua'));
    const settings = new SettingsScreen(page);
    const shell = new Shell(page);
    await settings.goto();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await settings.language.click();
    await settings.dialog.getByRole('radio', { name: 'Deutsch' }).check();
    await settings.dialog.getByRole('button', { name: 'Applica' }).click();

    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Einstellungen');
    const germanNav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(germanNav.getByRole('link', { name: 'Kalender', exact: true })).toBeVisible();
    await expect(germanNav.getByRole('link', { name: 'Verwaltung', exact: true })).toBeVisible();
    await expect(settings.language).toContainText('Deutsch');
    // The choice stays on this device.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Einstellungen');

    await settings.language.click();
    await settings.dialog.getByRole('radio', { name: 'Italiano' }).check();
    await settings.dialog.getByRole('button', { name: 'Übernehmen' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Impostazioni');
    await expect(shell.entry('Calendario')).toBeVisible();
  });

  test('logout ends the session and returns to /login', async ({ page }, testInfo) => {
    const member = await createMember(testInfo, 'Leo Logout');
    await loginAsMember(page, member);
    const settings = new SettingsScreen(page);
    await settings.goto();
    await settings.logout.click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    expect((await page.request.get('/api/session')).status()).toBe(401);
    await page.goto('/app/impostazioni');
    await expect(page).toHaveURL(/\/login$/);
  });
});
