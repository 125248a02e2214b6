import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../test/test-app.ts';
import { backupSqlite } from './backup.ts';
import { createDb, sqlitePathIn } from './database.ts';

const execute = promisify(execFile);
const cliPath = path.join(import.meta.dirname, '../cli.ts');

async function cli(dataDir: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await execute(process.execPath, ['--import', 'tsx', cliPath, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '1', LOG_LEVEL: 'warn' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('backup and restore of the SQLite database', () => {
  it('copies a running house while it writes, and restores every write acknowledged before the copy finished', async () => {
    const t = await startTestApp('sqlite');
    const dataDir = t.ctx.config.dataDir;
    const backupFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rustico-backup-')), 'rustico-backup.sqlite');
    const writer = await t.login('member');
    // A photo is part of the house: it must come back with the one backup file.
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3d6b4f' } }).png().toBuffer();
    const uploaded = await writer.request('PUT', '/api/profile/photo', new Uint8Array(photo) as unknown as string, { 'content-type': 'image/png' });
    const photoKey = `photos/${String(uploaded.body.user.photoUrl).split('?v=')[1]}`;
    const acknowledged: string[] = [];
    let writing = true;
    const writes = (async () => {
      for (let i = 0; writing && i < 2000; i++) {
        const response = await writer.post('/api/notes', { text: `Nota ${i}` });
        if (response.status === 201) acknowledged.push(response.body.note.id);
      }
    })();

    while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 10));
    // The backup's own connection, as the CLI opens it; read the acknowledgements the moment it ends.
    const acknowledgedBeforeBackupEnded = await backupSqlite(sqlitePathIn(dataDir), backupFile).then(() => [...acknowledged]);
    const duringBackup = acknowledgedBeforeBackupEnded.length;
    while (acknowledged.length < duringBackup + 20) await new Promise((resolve) => setTimeout(resolve, 10));
    writing = false;
    await writes;
    expect(acknowledgedBeforeBackupEnded.length).toBeGreaterThanOrEqual(20);
    const again = await cli(dataDir, 'backup', backupFile);
    expect({ code: again.code, error: again.stderr }).toEqual({ code: 1, error: expect.stringMatching(/exists already/) });
    const second = await cli(dataDir, 'backup', `${backupFile}.2`);
    expect(second.code, second.stderr).toBe(0);

    // A later write, then the restore must bring the house back to the backup.
    await writer.post('/api/notes', { text: 'Dopo il backup' });
    // Stop the app but keep its files: the restore replaces them.
    await t.app.close();
    await t.ctx.events.close();
    await t.ctx.db.destroy();
    const restore = await cli(dataDir, 'restore', backupFile);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/kept as/);

    const db = createDb({ sqlitePath: sqlitePathIn(dataDir) });
    const ids = new Set((await db.selectFrom('notes').select('id').execute()).map((n) => n.id));
    const restoredPhoto = await db.selectFrom('files').select(['key', 'contentType']).execute();
    await db.destroy();
    expect(acknowledgedBeforeBackupEnded.filter((id) => !ids.has(id))).toEqual([]);
    expect(restoredPhoto).toEqual([{ key: photoKey, contentType: 'image/webp' }]);
    // Notes written after the backup are not in it: this really is the backup's state.
    expect(ids.size).toBeLessThan(acknowledged.length);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('refuses to restore while the server has the database open, whatever port it listens on', async () => {
    const t = await startTestApp('sqlite');
    try {
      const writer = await t.login('member');
      const backupFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rustico-backup-')), 'rustico-backup.sqlite');
      await backupSqlite(sqlitePathIn(t.ctx.config.dataDir), backupFile);
      // The CLI looks at PORT 1; the server listens elsewhere.
      const restore = await cli(t.ctx.config.dataDir, 'restore', backupFile);
      expect({ code: restore.code, stdout: restore.stdout, stderr: restore.stderr }).toEqual({ code: 1, stdout: '', stderr: expect.stringMatching(/in use/) });
      // The live database is untouched and keeps every write.
      const after = await writer.post('/api/notes', { text: 'Dopo il tentativo' });
      expect(after.status).toBe(201);
      expect(fs.readdirSync(t.ctx.config.dataDir).filter((f) => f.includes('before-restore'))).toEqual([]);
      expect((await writer.get('/api/notes')).body.notes.map((n: { text: string }) => n.text)).toContain('Dopo il tentativo');
    } finally {
      await t.close();
    }
  });

  it('refuses to restore a file that is not a Rustico backup', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rustico-restore-'));
    const bogus = path.join(dataDir, 'bogus.sqlite');
    fs.writeFileSync(bogus, 'non è un database');
    const result = await cli(dataDir, 'restore', bogus);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/not a SQLite database/);
    expect(fs.existsSync(sqlitePathIn(dataDir))).toBe(false);
  });
});
