import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../test/test-app.ts';

describe('house texts', () => {
  let t: TestApp;
  let member: TestClient;
  const contentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rustico-content-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(contentDir, 'tutorials'));
    fs.writeFileSync(path.join(contentDir, 'tutorials/acqua.md'), '## Acqua\n\nApri il **rubinetto**. <script>alert(1)</script> [x](javascript:alert(1))');
    fs.writeFileSync(path.join(contentDir, 'visitor.md'), '# Benvenuti');
    t = await startTestApp('sqlite', { CONTENT_DIR: contentDir });
    member = await t.login('member');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(contentDir, { recursive: true, force: true });
  });

  it('renders a guide as safe HTML, and a guide not written yet as null', async () => {
    const guide = (await member.get('/api/content/tutorials/acqua')).body.html;
    expect(guide).toContain('<strong>rubinetto</strong>');
    expect(guide).not.toContain('<script>');
    expect(guide).toContain('&lt;script&gt;');
    expect(guide).not.toContain('href="javascript:');
    expect((await member.get('/api/content/tutorials/casa')).body).toEqual({ html: null, language: 'it' });
    expect((await member.get('/api/content/tutorials/sauna')).status).toBe(404);
    expect((await t.client().get('/api/content/tutorials/acqua')).status).toBe(401);
  });

  it("gives a page in another language the house's version in it when the house wrote one, else the house's own, and says which", async () => {
    fs.writeFileSync(path.join(contentDir, 'tutorials/acqua.fr.md'), '## Eau\n\nOuvre le **robinet**.');
    const asked = (client: TestClient, address: string, acceptLanguage: string) => client.request('GET', address, undefined, { 'accept-language': acceptLanguage });
    const french = (await asked(member, '/api/content/tutorials/acqua', 'fr-CH, fr;q=0.9, it;q=0.5')).body;
    expect(french).toEqual({ html: '<h2>Eau</h2>\n<p>Ouvre le <strong>robinet</strong>.</p>\n', language: 'fr' });
    // No French letter for visitors: the house's, in Italian.
    expect((await asked(t.client(), '/api/content/visitor', 'fr-FR')).body).toMatchObject({ html: expect.stringContaining('Benvenuti'), language: 'it' });
    // German asked, none written: the house's.
    expect((await asked(member, '/api/content/tutorials/acqua', 'de-CH')).body).toMatchObject({ html: expect.stringContaining('rubinetto'), language: 'it' });
    // A member's own choice wins over the browser's, as it does for the page.
    expect((await member.request('PUT', '/api/profile/language', { language: 'fr' })).status).toBe(200);
    expect((await asked(member, '/api/content/tutorials/acqua', 'it-CH')).body.language).toBe('fr');
    expect((await member.request('PUT', '/api/profile/language', { language: 'it' })).status).toBe(200);
    expect((await asked(member, '/api/content/tutorials/acqua', 'fr-CH')).body.language).toBe('it');
  });

  it("gives the check-out list in the reader's language when the house wrote it so, else the house's", async () => {
    const list = (title: string, text: string) => JSON.stringify({ groups: [{ id: 'kitchen', title, items: [{ id: 'kitchen-1', text }] }] });
    fs.writeFileSync(path.join(contentDir, 'checklist.json'), list('Cucina', 'Frigorifero svuotato'));
    const reader = await t.login('member');
    const asked = (acceptLanguage: string) => reader.request('GET', '/api/house/checklist', undefined, { 'accept-language': acceptLanguage });
    expect((await asked('fr-CH')).body).toEqual({ groups: [{ id: 'kitchen', title: 'Cucina', items: [{ id: 'kitchen-1', text: 'Frigorifero svuotato' }] }], language: 'it' });
    fs.writeFileSync(path.join(contentDir, 'checklist.fr.json'), list('Cuisine', 'Frigo vidé'));
    expect((await asked('fr-CH')).body).toMatchObject({ groups: [{ title: 'Cuisine', items: [{ text: 'Frigo vidé' }] }], language: 'fr' });
    expect((await asked('it-CH')).body).toMatchObject({ groups: [{ title: 'Cucina' }], language: 'it' });
  });

  it('shows the visitor page to anyone, and picks up an edit without a restart', async () => {
    expect((await t.client().get('/api/content/visitor')).body.html).toContain('<h1>Benvenuti</h1>');
    fs.writeFileSync(path.join(contentDir, 'visitor.md'), '# Bentornati');
    expect((await t.client().get('/api/content/visitor')).body.html).toContain('Bentornati');
  });
});

describe('the content folder shipped with Rustico', () => {
  it('has every guide but casa, the letter and the visitor page', async () => {
    const t = await startTestApp('sqlite');
    try {
      const member = await t.login('member');
      for (const id of ['prenotazione', 'arrivo', 'partenza', 'camino_e_stufe', 'acqua']) {
        expect((await member.get(`/api/content/tutorials/${id}`)).body.html, id).toMatch(/<h2>/);
      }
      expect((await member.get('/api/content/tutorials/camino_e_stufe')).body.html).toMatch(/mezz.ora/);
      expect((await member.get('/api/content/tutorials/prenotazione')).body.html).toContain('75 CHF');
      expect((await member.get('/api/content/welcome')).body.html).toMatch(/3000 CHF/);
      expect((await t.client().get('/api/content/visitor')).body.html).toMatch(/copripiumino/);
    } finally {
      await t.close();
    }
  });
});
