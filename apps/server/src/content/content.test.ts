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
    expect((await member.get('/api/content/tutorials/casa')).body).toEqual({ html: null });
    expect((await member.get('/api/content/tutorials/sauna')).status).toBe(404);
    expect((await t.client().get('/api/content/tutorials/acqua')).status).toBe(401);
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
