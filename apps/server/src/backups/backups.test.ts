import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, instantOfLocal } from '@rustico/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { closeContext, createContext, type AppContext } from '../context.ts';
import { restoreSqlite } from '../db/backup.ts';
import { createDb, migrateToLatest, sqlitePathIn } from '../db/database.ts';
import { SqliteDatabase } from '../db/sqlite-driver.ts';
import { testDialects } from '../test/databases.ts';
import { startTestMailServer, type TestMailServer } from '../test/mail-server.ts';
import { FAST_PASSWORD_HASH_ENV, MINUTE, startTestApp, TestClient, type TestApp } from '../test/test-app.ts';
import { createUser } from '../users/service.ts';
import { checkBackupsFresh, runDailyBackup } from './service.ts';

const ZONE = 'Europe/Zurich';
const at = (local: string) => instantOfLocal(local, ZONE)!;

/** Sets the app's clock to a moment on the house's clock (the service reads ctx.now for its records). */
function setClock(t: TestApp, local: string): Date {
  const moment = at(local);
  t.clock.advance(moment.getTime() - t.clock.now().getTime());
  return moment;
}

const backupsIn = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);

describe('daily backups (sqlite)', () => {
  let t: TestApp;
  let mail: TestMailServer;
  let superadmin: TestClient;
  let admin: TestClient;

  beforeAll(async () => {
    mail = await startTestMailServer();
    // The clock runs over 400 days: the admins' sessions must last.
    t = await startTestApp('sqlite', { SMTP_URL: mail.url, PUBLIC_URL: 'https://rustico.example.ch', HOUSE_TIME_ZONE: ZONE, SESSION_DAYS: '730' });
    superadmin = await t.login('superadmin', { email: 'marco@example.ch' });
    admin = await t.login('admin', { email: 'giulia@example.ch' });
    const member = await t.login('member');
    await member.post('/api/notes', { text: 'La legna è in cantina.' });
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  it('writes one checked copy a day from BACKUP_HOUR on the house clock, which admins see and a superadmin downloads', async () => {
    const dir = t.ctx.config.backups.dir;
    expect(dir).toBe(path.join(t.ctx.config.dataDir, 'backups'));
    expect(await runDailyBackup(t.ctx, setClock(t, '2026-12-01T02:59'))).toEqual({ result: 'not-due' });
    expect(backupsIn(dir)).toEqual([]);
    const made = await runDailyBackup(t.ctx, setClock(t, '2026-12-01T03:00'));
    expect(made).toMatchObject({ result: 'ok', day: '2026-12-01', file: 'rustico-2026-12-01.sqlite', deleted: [] });
    // The same day again, from this process or another: already made.
    expect(await runDailyBackup(t.ctx, setClock(t, '2026-12-01T23:55'))).toEqual({ result: 'taken' });
    expect(backupsIn(dir)).toEqual(['rustico-2026-12-01.sqlite']);

    const overview = await admin.get('/api/admin/backups');
    expect(overview.status).toBe(200);
    const bytes = fs.statSync(path.join(dir, 'rustico-2026-12-01.sqlite')).size;
    expect(overview.body).toEqual({
      database: 'sqlite',
      hour: 3,
      last: { day: '2026-12-01', status: 'ok', finishedAt: at('2026-12-01T03:00').toISOString(), bytes, error: null },
      lastGood: { day: '2026-12-01', status: 'ok', finishedAt: at('2026-12-01T03:00').toISOString(), bytes, error: null },
      downloadable: true,
    });
    expect((await admin.get('/api/admin/backups/latest')).status).toBe(403);
    const response = await fetch(`${t.url}/api/admin/backups/latest`, { headers: { cookie: superadmin.cookie! } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="rustico-2026-12-01.sqlite"');
    const downloaded = Buffer.from(await response.arrayBuffer());
    expect(downloaded.equals(fs.readFileSync(path.join(dir, 'rustico-2026-12-01.sqlite')))).toBe(true);
  });

  it('keeps 7 daily, 4 weekly and 12 monthly copies over 400 days', async () => {
    const dir = t.ctx.config.backups.dir;
    // The copy itself is the test above's; here each day writes a stand-in file (a real copy costs
    // some 65 ms, 26 s over 400 days), and the same pruning runs over the folder.
    const standIn = async (_ctx: AppContext, day: string) => {
      const file = `rustico-${day}.sqlite`;
      fs.writeFileSync(path.join(dir, file), day);
      return { file, bytes: 10 };
    };
    let day = '2026-12-02';
    for (let i = 0; i < 400; i++, day = addDays(day, 1)) {
      const result = await runDailyBackup(t.ctx, setClock(t, `${day}T03:05`), { write: standIn });
      expect(result.result, day).toBe('ok');
    }
    // The last day, 2028-01-05, is a Wednesday.
    expect(backupsIn(dir)).toEqual(
      [
        ...['2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31', '2027-06-30', '2027-07-31', '2027-08-31', '2027-09-30', '2027-10-31', '2027-11-30', '2027-12-31'],
        ...['2027-12-19', '2027-12-26'],
        ...['2027-12-30', '2028-01-01', '2028-01-02', '2028-01-03', '2028-01-04', '2028-01-05'],
      ]
        .sort()
        .map((d) => `rustico-${d}.sqlite`),
    );
    // Only its own copies: another file in the folder stays.
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'mine');
    expect((await runDailyBackup(t.ctx, setClock(t, '2028-01-06T03:00'))).result).toBe('ok');
    expect(backupsIn(dir)).toContain('notes.txt');
  }, 120_000);

  it('refuses a damaged copy or one missing rows, tells the admins once, and tries again an hour later', async () => {
    mail.received.length = 0;
    const damaged = await runDailyBackup(t.ctx, setClock(t, '2028-02-01T03:00'), {
      afterCopy: (file) => {
        const fd = fs.openSync(file, 'r+');
        // Pages of the tables (past the header page) overwritten with noise.
        fs.writeSync(fd, Buffer.alloc(8192, 0x5a), 0, 8192, 4096);
        fs.closeSync(fd);
      },
    });
    expect(damaged).toMatchObject({ result: 'failed', day: '2028-02-01', error: expect.stringMatching(/damaged|malformed|not a database/) });
    if (damaged.result !== 'failed') throw new Error('expected a failure');
    expect(damaged.alerts.map((a) => `${a.result} ${a.what} ${a.to}`).sort()).toEqual(['sent backup-failed giulia@example.ch', 'sent backup-failed marco@example.ch']);
    expect(backupsIn(t.ctx.config.backups.dir).filter((f) => f.includes('2028-02-01'))).toEqual([]);
    const alert = mail.to('marco@example.ch')[0]!;
    expect(alert.subject).toBe('Backup del Rustico non riuscito');
    expect(alert.text).toContain('01.02.2028');
    const shown = await admin.get('/api/admin/backups');
    expect(shown.body.last, JSON.stringify(shown.body)).toMatchObject({ day: '2028-02-01', status: 'failed', error: damaged.error });

    // Within the hour nobody retries; after it, a copy missing rows is refused as well, and told no more that day.
    expect(await runDailyBackup(t.ctx, setClock(t, '2028-02-01T03:30'))).toEqual({ result: 'taken' });
    const missingRows = await runDailyBackup(t.ctx, setClock(t, '2028-02-01T04:05'), {
      afterCopy: (file) => {
        const copy = new SqliteDatabase(file);
        copy.exec('delete from notes');
        copy.close();
      },
    });
    expect(missingRows).toMatchObject({ result: 'failed', error: expect.stringMatching(/the copy differs from the database: notes has 0 rows, the database 1/) });
    if (missingRows.result !== 'failed') throw new Error('expected a failure');
    expect(missingRows.alerts.map((a) => a.result)).toEqual(['skipped', 'skipped']);
    expect(mail.to('marco@example.ch')).toHaveLength(1);
    expect((await runDailyBackup(t.ctx, setClock(t, '2028-02-01T05:10'))).result).toBe('ok');
  });

  it('tells the admins once when there has been no backup for 36 hours, and again after the next good one is 36 hours old', async () => {
    mail.received.length = 0;
    const last = await runDailyBackup(t.ctx, setClock(t, '2028-03-01T03:00'));
    expect(last.result).toBe('ok');
    expect(await checkBackupsFresh(t.ctx, setClock(t, '2028-03-02T14:59'))).toEqual([]);
    const late = await checkBackupsFresh(t.ctx, setClock(t, '2028-03-02T15:00'));
    expect(late.map((a) => `${a.result} ${a.what}`)).toEqual(['sent backup-missing', 'sent backup-missing']);
    expect(mail.to('giulia@example.ch')[0]!.subject).toBe('Nessun backup del Rustico da 36 ore');
    expect(mail.to('giulia@example.ch')[0]!.text).toContain("L'ultimo backup riuscito è del 01.03.2028");
    // Every later check of the same silence says nothing new.
    for (const hour of ['2028-03-02T15:05', '2028-03-03T09:00', '2028-03-05T09:00']) {
      expect((await checkBackupsFresh(t.ctx, setClock(t, hour))).map((a) => a.result)).toEqual(['skipped', 'skipped']);
    }
    expect(mail.received).toHaveLength(2);
    expect((await runDailyBackup(t.ctx, setClock(t, '2028-03-06T03:00'))).result).toBe('ok');
    expect(await checkBackupsFresh(t.ctx, setClock(t, '2028-03-07T14:00'))).toEqual([]);
    expect((await checkBackupsFresh(t.ctx, setClock(t, '2028-03-07T15:00'))).map((a) => a.result)).toEqual(['sent', 'sent']);
  });

  it('a new house without any backup is told 36 hours after it began watching', async () => {
    const fresh = await startTestApp('sqlite', { SMTP_URL: mail.url, PUBLIC_URL: 'https://rustico.example.ch', HOUSE_TIME_ZONE: ZONE });
    try {
      await createUser(fresh.ctx, { email: 'rosa@example.ch', name: 'Rosa', password: null, role: 'superadmin' });
      expect(await checkBackupsFresh(fresh.ctx, setClock(fresh, '2026-12-01T10:00'))).toEqual([]);
      expect(await checkBackupsFresh(fresh.ctx, setClock(fresh, '2026-12-02T21:59'))).toEqual([]);
      expect((await checkBackupsFresh(fresh.ctx, setClock(fresh, '2026-12-02T22:00'))).map((a) => `${a.result} ${a.what} ${a.to}`)).toEqual(['sent backup-missing rosa@example.ch']);
      expect(mail.to('rosa@example.ch').at(-1)!.text).toContain('Non è ancora stato fatto nessun backup automatico.');
    } finally {
      await fresh.close();
    }
  });
});

describe.each(testDialects)('two processes taking turns (%s)', (dialect) => {
  let t: TestApp;
  let other: AppContext;

  beforeAll(async () => {
    t = await startTestApp(dialect, { HOUSE_TIME_ZONE: ZONE });
    // A second process: its own connection to the same database, its own clock at the same time.
    other = await createContext(t.ctx.config, createDb({ databaseUrl: t.database.databaseUrl, sqlitePath: sqlitePathIn(t.database.dataDir) }), { now: t.clock.now, log: t.ctx.log });
  });
  afterAll(async () => {
    await other.events.close();
    await other.db.destroy();
    await t.close();
  });

  it('writes each day once, whichever process asks first, and takes over a claim a dead process left', async () => {
    const writers: string[] = [];
    const writer = (name: string) => async (_ctx: AppContext, day: string) => {
      writers.push(`${name} ${day}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { file: `rustico-${day}.sqlite`, bytes: 1 };
    };
    for (const day of ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05']) {
      const moment = setClock(t, `${day}T03:00`);
      const results = await Promise.all([runDailyBackup(t.ctx, moment, { write: writer('a') }), runDailyBackup(other, moment, { write: writer('b') })]);
      expect(results.map((r) => r.result).sort(), day).toEqual(['ok', 'taken']);
    }
    expect(writers).toHaveLength(5);
    expect(new Set(writers.map((w) => w.split(' ')[1])).size).toBe(5);

    // Process a claims the day and dies while copying: b finds it taken, then takes it over after 30 minutes.
    await t.ctx.db.insertInto('backups').values({ day: '2026-12-06', status: 'running', claimedAt: setClock(t, '2026-12-06T03:00').toISOString(), finishedAt: null, file: null, bytes: null, error: null }).execute();
    expect((await runDailyBackup(other, setClock(t, '2026-12-06T03:29'), { write: writer('b') })).result).toBe('taken');
    expect((await runDailyBackup(other, setClock(t, '2026-12-06T03:31'), { write: writer('b') })).result).toBe('ok');
    expect(writers.at(-1)).toBe('b 2026-12-06');
    expect((await t.client().get('/api/health')).status).toBe(200);
    t.clock.advance(60 * MINUTE);
  });

  if (dialect === 'postgres') {
    it('has no file backups on PostgreSQL: the screen says so, and the scheduler leaves it to pg_dump', async () => {
      const admin = await t.login('admin');
      expect((await admin.get('/api/admin/backups')).body).toEqual({ database: 'postgres', hour: 3, last: null, lastGood: null, downloadable: false });
      expect(await runDailyBackup(t.ctx, setClock(t, '2026-12-10T04:00'))).toEqual({ result: 'postgres' });
      expect(await checkBackupsFresh(t.ctx, setClock(t, '2026-12-20T04:00'))).toEqual([]);
    });
  }
});

describe('restore drill', () => {
  it('the latest backup restored into an empty data folder answers as the house did', async () => {
    const t = await startTestApp('sqlite', { HOUSE_TIME_ZONE: ZONE });
    const restoredDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rustico-restored-'));
    try {
      const admin = await t.login('superadmin', { email: 'rosa@example.ch' });
      const member = await t.login('member', { email: 'luca@example.ch' });
      const photo = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3d6b4f' } }).png().toBuffer();
      expect((await member.request('PUT', '/api/profile/photo', new Uint8Array(photo) as unknown as string, { 'content-type': 'image/png' })).status).toBe(200);
      expect((await member.post('/api/bookings', { start: '2027-01-10', end: '2027-01-14', purpose: 'personal' })).status).toBe(201);
      await member.post('/api/notes', { text: 'Chiave sotto il vaso.' });
      await runDailyBackup(t.ctx, setClock(t, '2026-12-01T03:00'));
      const paths = ['/api/session', '/api/bookings?from=2027-01-01&to=2027-01-31', '/api/notes', '/api/users', '/api/profile', '/api/house/rules'];
      const before = await Promise.all(paths.map(async (p) => ({ p, member: (await member.get(p)).body, admin: (await admin.get(p)).body })));
      const photoUrl = (await member.get('/api/session')).body.user.photoUrl as string;
      const photoBefore = Buffer.from(await (await fetch(`${t.url}${photoUrl}`, { headers: { cookie: member.cookie! } })).arrayBuffer());

      // The drill: a new machine, an empty data folder, the latest copy restored into it.
      const latest = path.join(t.ctx.config.backups.dir, 'rustico-2026-12-01.sqlite');
      restoreSqlite(sqlitePathIn(restoredDir), latest, new Date());
      const config = loadConfig({ DATA_DIR: restoredDir, LOG_LEVEL: 'silent', HOUSE_TIME_ZONE: ZONE, ...FAST_PASSWORD_HASH_ENV });
      const db = createDb({ sqlitePath: sqlitePathIn(restoredDir) });
      await migrateToLatest(db);
      const ctx = await createContext(config, db, { now: t.clock.now });
      const app = await buildApp(ctx);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const url = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
      try {
        // The sessions are in the database: the same cookies are still logged in.
        const memberThere = new TestClient(url);
        memberThere.cookie = member.cookie;
        const adminThere = new TestClient(url);
        adminThere.cookie = admin.cookie;
        const after = await Promise.all(paths.map(async (p) => ({ p, member: (await memberThere.get(p)).body, admin: (await adminThere.get(p)).body })));
        expect(after).toEqual(before);
        expect(before[2]!.member.notes).toHaveLength(1);
        const photoAfter = Buffer.from(await (await fetch(`${url}${photoUrl}`, { headers: { cookie: member.cookie! } })).arrayBuffer());
        expect(photoAfter.equals(photoBefore)).toBe(true);
      } finally {
        app.server.closeAllConnections();
        await app.close();
        await closeContext(ctx);
      }
    } finally {
      await t.close();
      fs.rmSync(restoredDir, { recursive: true, force: true });
    }
  });
});
