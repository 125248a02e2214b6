import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { updatePhoto } from '../users/service.ts';
import { movePhotoFolderIntoDatabase } from './photo-folder.ts';
import { contentKey, deleteFile, FILE_MAX_BYTES, getFile, putFile, versionedUrl } from './service.ts';

describe.each(testDialects)('files in the database (%s)', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('keeps any kind of file up to 10 MB byte for byte, replaces and deletes it, and refuses a bigger one', async () => {
    const pdf = randomBytes(FILE_MAX_BYTES);
    const key = contentKey('receipts', 'expense-1', pdf, 'pdf');
    expect(key).toMatch(/^receipts\/expense-1-[0-9a-f]{12}\.pdf$/);
    expect(versionedUrl('/api/expenses/expense-1/receipt', key)).toBe(`/api/expenses/expense-1/receipt?v=${key.slice('receipts/'.length)}`);

    await putFile(t.ctx.db, { key, contentType: 'application/pdf', bytes: pdf }, t.clock.now());
    const stored = await getFile(t.ctx.db, key);
    expect({ type: stored?.contentType, size: stored?.size, same: stored?.bytes.equals(pdf) }).toEqual({ type: 'application/pdf', size: FILE_MAX_BYTES, same: true });

    await putFile(t.ctx.db, { key, contentType: 'text/plain', bytes: Buffer.from('ciao') }, t.clock.now());
    expect((await getFile(t.ctx.db, key))?.bytes.toString()).toBe('ciao');

    const tooBig = putFile(t.ctx.db, { key: 'receipts/big.bin', contentType: 'application/octet-stream', bytes: Buffer.alloc(FILE_MAX_BYTES + 1) }, t.clock.now());
    await expect(tooBig).rejects.toMatchObject({ status: 413, code: 'BODY_TOO_LARGE' });
    expect(await getFile(t.ctx.db, 'receipts/big.bin')).toBeUndefined();

    await deleteFile(t.ctx.db, key);
    expect(await getFile(t.ctx.db, key)).toBeUndefined();
  });

  it('moves the photos of DATA_DIR/photos into the database on first start, losing nothing, and does nothing the second time', async () => {
    const member = await t.login('member');
    const me = (await member.get('/api/profile')).body.user;
    const photo = await sharp({ create: { width: 512, height: 512, channels: 3, background: '#2f5d8a' } }).webp().toBuffer();
    const oldVersion = await sharp({ create: { width: 512, height: 512, channels: 3, background: '#b5542d' } }).webp().toBuffer();
    const folder = path.join(t.ctx.config.dataDir, 'photos');
    fs.mkdirSync(folder, { recursive: true });
    const files: Record<string, Buffer> = { [`${me.id}-aaaaaaaaaaaa.webp`]: photo, [`${me.id}-bbbbbbbbbbbb.webp`]: oldVersion };
    for (const [name, bytes] of Object.entries(files)) fs.writeFileSync(path.join(folder, name), bytes);
    await updatePhoto(t.ctx.db, me.id, `${me.id}-aaaaaaaaaaaa.webp`);

    const first = await movePhotoFolderIntoDatabase(t.ctx.db, t.ctx.config.dataDir, t.clock.now());
    expect(first.moved).toBe(2);
    for (const [name, bytes] of Object.entries(files)) {
      const stored = await getFile(t.ctx.db, `photos/${name}`);
      expect({ name, type: stored?.contentType, same: stored?.bytes.equals(bytes) }).toEqual({ name, type: 'image/webp', same: true });
      // The old folder is kept aside, whole.
      expect(fs.readFileSync(path.join(first.keptAs!, name)).equals(bytes)).toBe(true);
    }
    expect(fs.existsSync(folder)).toBe(false);

    const photoUrl: string = (await member.get('/api/profile')).body.user.photoUrl;
    const served = await fetch(`${t.url}${photoUrl}`, { headers: { cookie: member.cookie! } });
    expect({ status: served.status, type: served.headers.get('content-type'), cache: served.headers.get('cache-control') }).toEqual({
      status: 200,
      type: 'image/webp',
      cache: 'private, max-age=31536000, immutable',
    });
    expect(Buffer.from(await served.arrayBuffer()).equals(photo)).toBe(true);

    const before = await t.ctx.db.selectFrom('files').select(['key', 'size', 'createdAt']).orderBy('key').execute();
    t.clock.advance(60_000);
    expect(await movePhotoFolderIntoDatabase(t.ctx.db, t.ctx.config.dataDir, t.clock.now())).toEqual({ moved: 0, keptAs: null });
    expect(await t.ctx.db.selectFrom('files').select(['key', 'size', 'createdAt']).orderBy('key').execute()).toEqual(before);
  });

  it('finishes a move that stopped halfway, keeping what was already stored', async () => {
    const folder = path.join(t.ctx.config.dataDir, 'photos');
    fs.mkdirSync(folder, { recursive: true });
    const a = randomBytes(2000);
    const b = randomBytes(3000);
    fs.writeFileSync(path.join(folder, 'half-111111111111.webp'), a);
    fs.writeFileSync(path.join(folder, 'half-222222222222.webp'), b);
    await putFile(t.ctx.db, { key: 'photos/half-111111111111.webp', contentType: 'image/webp', bytes: a }, t.clock.now());

    const move = await movePhotoFolderIntoDatabase(t.ctx.db, t.ctx.config.dataDir, t.clock.now());
    expect(move.moved).toBe(1);
    expect((await getFile(t.ctx.db, 'photos/half-111111111111.webp'))?.bytes.equals(a)).toBe(true);
    expect((await getFile(t.ctx.db, 'photos/half-222222222222.webp'))?.bytes.equals(b)).toBe(true);
  });
});
