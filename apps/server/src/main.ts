import { pruneAuthRecords } from './auth/service.ts';
import { pruneRateLimits } from './http/write-limit.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, SETTINGS_FILE, type Config } from './config.ts';
import { closeContext, createContext } from './context.ts';
import { createDb, MigrationFailed, migrateToLatest, sqlitePathIn } from './db/database.ts';
import { pruneDeliveries } from './deliveries/service.ts';
import { prunePasswordRecords } from './password-links/service.ts';
import { prunePasskeyChallenges } from './passkeys/service.ts';
import { startReminderScheduler } from './reminders/scheduler.ts';
import { startBackupScheduler } from './backups/scheduler.ts';
import { startTurnScheduler } from './turns/scheduler.ts';
import { startHoldScheduler } from './holds/scheduler.ts';
import { prepareSetupToken } from './setup/service.ts';
import { movePhotoFolderIntoDatabase } from './storage/photo-folder.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A service manager waits a few seconds before it kills; a stop that hangs ends itself first. */
const STOP_DEADLINE_MS = 4_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  // The process keeps the house's clock: its dates then need no Intl formatter (core's localMomentIn).
  process.env.TZ = config.houseTimeZone;
  const db = createDb({ databaseUrl: config.databaseUrl, sqlitePath: sqlitePathIn(config.dataDir) });
  try {
    await migrateToLatest(db);
  } catch (error) {
    if (!(error instanceof MigrationFailed)) throw error;
    // Nothing was changed; the server does not start on a database it cannot bring up to date.
    console.error(`Rustico cannot start: ${error.message}`);
    await db.destroy();
    process.exit(1);
  }
  const ctx = await createContext(config, db);
  if (config.mail && !config.publicUrl) {
    // Emails go to people's phones: a link to this machine's localhost leads nowhere there.
    ctx.log.warn(`Email is on but PUBLIC_URL is not set: the links in emails point at http://localhost:${config.port}. Set PUBLIC_URL (in the environment or ${SETTINGS_FILE} in the data folder).`);
  }
  const photos = await movePhotoFolderIntoDatabase(db, config.dataDir, ctx.now());
  if (photos.keptAs) ctx.log.info({ moved: photos.moved, keptAs: photos.keptAs }, 'photos moved into the database');
  await pruneAuthRecords(ctx);
  await pruneRateLimits(ctx);
  await prunePasskeyChallenges(ctx);

  const app = await buildApp(ctx, { serveWeb: true });
  const address = await app.listen({ port: config.port, host: config.host });
  const baseUrl = config.publicUrl ?? `http://localhost:${config.port}`;
  app.log.info({ address, database: config.databaseUrl ? 'postgres' : sqlitePathIn(config.dataDir) }, 'Rustico is running');

  const setupToken = await prepareSetupToken(ctx);
  if (setupToken) {
    // Printed plainly: the person starting the server has to click it.
    console.log(`\nNo account yet. Create the first administrator here (the link works once):\n  ${baseUrl}/setup/${setupToken}\n`);
  } else {
    console.log(`\nRustico is running at ${baseUrl}\n`);
  }

  const prune = setInterval(() => {
    Promise.all([pruneAuthRecords(ctx), pruneRateLimits(ctx), prunePasswordRecords(ctx), prunePasskeyChallenges(ctx), pruneDeliveries(ctx)]).catch((error: unknown) => app.log.error({ err: error }, 'pruning sessions failed'));
  }, DAY_MS);
  prune.unref();
  const stopReminders = startReminderScheduler(ctx);
  const stopTurns = startTurnScheduler(ctx);
  const stopBackups = startBackupScheduler(ctx);
  const stopHolds = startHoldScheduler(ctx);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    clearInterval(prune);
    stopReminders();
    stopTurns();
    stopBackups();
    stopHolds();
    // Refuses new connections, ends the live streams (preClose), waits for requests in flight.
    await app.close();
    await closeContext(ctx);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
