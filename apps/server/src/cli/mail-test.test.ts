import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestMailServer, type TestMailServer } from '../test/mail-server.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { createUser } from '../users/service.ts';
import { run } from './run.ts';

describe('mail test', () => {
  let mail: TestMailServer;
  let t: TestApp;

  beforeAll(async () => {
    mail = await startTestMailServer();
    t = await startTestApp('sqlite', { SMTP_URL: mail.url, PUBLIC_URL: 'https://rustico.example.ch' });
    vi.spyOn(console, 'log').mockImplementation(() => {});
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t.close();
    await mail.close();
  });

  it("writes in the member's language to a member, in the house's to anyone else", async () => {
    const chloe = await createUser(t.ctx, { email: 'chloe@example.ch', name: 'Chloé', password: 'montagna-2026', role: 'member' });
    await t.ctx.db.updateTable('users').set({ language: 'fr' }).where('id', '=', chloe.id).execute();
    await run({ kind: 'mail-test', to: 'chloe@example.ch' }, t.ctx);
    expect(mail.to('chloe@example.ch')[0]).toMatchObject({ subject: 'E-mail de test', text: expect.stringContaining('l’envoi d’e-mails du Rustico fonctionne') });
    await run({ kind: 'mail-test', to: 'postmaster@example.ch' }, t.ctx);
    expect(mail.to('postmaster@example.ch')[0]?.subject).toBe('Email di prova');
  });
});
