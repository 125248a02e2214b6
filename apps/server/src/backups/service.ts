import fs from 'node:fs';
import path from 'node:path';
import { BACKUP_MISSING_AFTER_HOURS, backupsToKeep, localMomentIn, type BackupOverview, type BackupRun } from '@rustico/core';
import type { AppContext } from '../context.ts';
import { backupSqlite, checkCopy, rowCounts } from '../db/backup.ts';
import { isPostgres, sqliteOf, sqlitePathIn } from '../db/database.ts';
import { getSetting, putSettingIfAbsent } from '../db/settings.ts';
import { claimAndDeliver, type Outcome } from '../deliveries/service.ts';
import { activeAdmins, claimDay, finishDay, lastGoodRun, lastRun, runOf } from './repository.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** A claim this old belongs to a process that died while copying: another takes it over. */
export const BACKUP_CLAIM_TIMEOUT_MS = 30 * MINUTE_MS;
/** A failed backup is tried again this much later, the same day (a full disk emptied meanwhile). */
export const BACKUP_RETRY_AFTER_MS = HOUR_MS;
/** Since when the house has watched its backups: a house without one yet is late 36 h after it. */
const WATCHED_SINCE = 'backups.watchedSince';

/** The copies' names: `rustico-2026-11-28.sqlite`, the day on the house's clock. Nothing else in the folder is touched. */
const FILE_PATTERN = /^rustico-(\d{4}-\d{2}-\d{2})\.sqlite$/;
export const backupFileName = (day: string) => `rustico-${day}.sqlite`;

export interface WrittenBackup {
  file: string;
  bytes: number;
}

export interface BackupOptions {
  /** Writes the day's copy (tests on PostgreSQL stand in for the file; default: the SQLite copy). */
  write?: (ctx: AppContext, day: string) => Promise<WrittenBackup>;
  /** Called on the copy before it is checked (tests damage it). */
  afterCopy?: (file: string) => void;
}

export type BackupResult =
  | { result: 'not-due' | 'taken' | 'postgres' }
  | { result: 'ok'; day: string; file: string; bytes: number; deleted: string[]; alerts: Outcome[] }
  | { result: 'failed'; day: string; error: string; alerts: Outcome[] };

const runOfRow = (row: { day: string; status: BackupRun['status']; finishedAt: string | null; bytes: number | null; error: string | null }): BackupRun => ({
  day: row.day,
  status: row.status,
  finishedAt: row.finishedAt,
  bytes: row.bytes === null ? null : Number(row.bytes),
  error: row.error,
});

/**
 * The SQLite copy: SQLite's online backup into a partial file, checked (integrity, and every
 * table's rows against the source's, counted just before and after), then renamed into place.
 */
async function writeSqliteCopy(ctx: AppContext, day: string, afterCopy?: (file: string) => void): Promise<WrittenBackup> {
  const source = sqliteOf(ctx.db);
  if (!source) throw new Error('no SQLite connection');
  const dir = ctx.config.backups.dir;
  fs.mkdirSync(dir, { recursive: true });
  const file = backupFileName(day);
  const target = path.join(dir, file);
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  try {
    const before = rowCounts(source);
    await backupSqlite(sqlitePathIn(ctx.config.dataDir), partial);
    const after = rowCounts(source);
    afterCopy?.(partial);
    checkCopy(partial, before, after);
    fs.renameSync(partial, target);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
  return { file, bytes: fs.statSync(target).size };
}

/** Deletes the copies the retention rule (core's backupsToKeep) no longer keeps; returns their names. */
export function pruneBackupFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const copies = fs
    .readdirSync(dir)
    .map((name) => ({ name, day: FILE_PATTERN.exec(name)?.[1] }))
    .filter((c): c is { name: string; day: string } => c.day !== undefined)
    .sort((a, b) => (a.day < b.day ? -1 : 1));
  const kept = new Set(backupsToKeep(copies.map((c) => c.day)));
  const deleted = copies.filter((_, i) => !kept.has(i)).map((c) => c.name);
  for (const name of deleted) fs.rmSync(path.join(dir, name), { force: true });
  return deleted;
}

/** Tells every active admin, once per key, on their channel for reminders. */
async function alertAdmins(ctx: AppContext, keyOf: (adminId: string) => string, job: Parameters<typeof claimAndDeliver>[3], at: Date): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const admin of await activeAdmins(ctx.db)) outcomes.push(await claimAndDeliver(ctx, admin, keyOf(admin.id), job, at));
  return outcomes;
}

/**
 * The day's backup, once it is BACKUP_HOUR or later on the house's clock and none was made that
 * day: claimed in the database first (so of several processes one writes it), written, checked,
 * recorded; then the copies past the retention are deleted. A failure is recorded and told to the
 * admins (once a day), and tried again an hour later. On PostgreSQL there is nothing to do: the
 * database's own tools back it up.
 */
export async function runDailyBackup(ctx: AppContext, at: Date, options: BackupOptions = {}): Promise<BackupResult> {
  if (isPostgres(ctx.db) && !options.write) return { result: 'postgres' };
  const moment = localMomentIn(ctx.config.houseTimeZone, at);
  if (moment.minutes < ctx.config.backups.hour * 60) return { result: 'not-due' };
  const now = ctx.now();
  const claimed = await claimDay(
    ctx.db,
    moment.day,
    now.toISOString(),
    new Date(now.getTime() - BACKUP_CLAIM_TIMEOUT_MS).toISOString(),
    new Date(now.getTime() - BACKUP_RETRY_AFTER_MS).toISOString(),
  );
  if (!claimed) return { result: 'taken' };
  try {
    const written = options.write ? await options.write(ctx, moment.day) : await writeSqliteCopy(ctx, moment.day, options.afterCopy);
    await finishDay(ctx.db, moment.day, { status: 'ok', finishedAt: ctx.now().toISOString(), file: written.file, bytes: written.bytes, error: null });
    const deleted = isPostgres(ctx.db) ? [] : pruneBackupFiles(ctx.config.backups.dir);
    ctx.log.info({ day: moment.day, file: written.file, bytes: written.bytes, deleted }, 'backup written');
    return { result: 'ok', day: moment.day, ...written, deleted, alerts: [] };
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    await finishDay(ctx.db, moment.day, { status: 'failed', finishedAt: ctx.now().toISOString(), file: null, bytes: null, error: message });
    ctx.log.error({ err: error, day: moment.day }, 'backup failed');
    const alerts = await alertAdmins(ctx, (id) => `backup-failed:${moment.day}:${id}`, { type: 'backup-alert', problem: 'failed', day: moment.day, error: message }, at);
    return { result: 'failed', day: moment.day, error: message, alerts };
  }
}

/**
 * Tells the admins when there has been no good backup for 36 hours (since the last one, or since
 * the house began watching): once for each last good backup, however often it runs.
 */
export async function checkBackupsFresh(ctx: AppContext, at: Date): Promise<Outcome[]> {
  if (isPostgres(ctx.db)) return [];
  await putSettingIfAbsent(ctx.db, WATCHED_SINCE, at.toISOString());
  const good = await lastGoodRun(ctx.db);
  const since = good?.finishedAt ?? (await getSetting(ctx.db, WATCHED_SINCE))!;
  if (at.getTime() - Date.parse(since) < BACKUP_MISSING_AFTER_HOURS * HOUR_MS) return [];
  const lastDay = good?.day ?? 'never';
  return alertAdmins(ctx, (id) => `backup-missing:${lastDay}:${id}`, { type: 'backup-alert', problem: 'missing', day: lastDay, error: null }, at);
}

/** Whether an alert is still true when it goes out: the failed day still failed, or still no newer good backup. */
export async function alertStillDue(ctx: AppContext, problem: 'failed' | 'missing', day: string): Promise<boolean> {
  if (problem === 'failed') return (await runOf(ctx.db, day))?.status === 'failed';
  const good = await lastGoodRun(ctx.db);
  return (good?.day ?? 'never') === day;
}

/** The last good backup's file, when it is there. */
export async function latestBackupFile(ctx: AppContext): Promise<{ path: string; file: string; bytes: number } | null> {
  if (isPostgres(ctx.db)) return null;
  const good = await lastGoodRun(ctx.db);
  if (!good?.file) return null;
  const file = path.join(ctx.config.backups.dir, good.file);
  try {
    return { path: file, file: good.file, bytes: fs.statSync(file).size };
  } catch {
    return null;
  }
}

/** What Impostazioni shows the admins. */
export async function backupOverview(ctx: AppContext): Promise<BackupOverview> {
  if (isPostgres(ctx.db)) return { database: 'postgres', hour: ctx.config.backups.hour, last: null, lastGood: null, downloadable: false };
  const [last, good, file] = await Promise.all([lastRun(ctx.db), lastGoodRun(ctx.db), latestBackupFile(ctx)]);
  return { database: 'sqlite', hour: ctx.config.backups.hour, last: last ? runOfRow(last) : null, lastGood: good ? runOfRow(good) : null, downloadable: file !== null };
}

/** Seconds since the last good backup ended (+Inf: none yet); null on PostgreSQL. For /metrics. */
export async function lastBackupAgeSeconds(ctx: AppContext): Promise<number | null> {
  if (isPostgres(ctx.db)) return null;
  const good = await lastGoodRun(ctx.db);
  return good?.finishedAt ? Math.max(0, (ctx.now().getTime() - Date.parse(good.finishedAt)) / 1000) : Number.POSITIVE_INFINITY;
}
