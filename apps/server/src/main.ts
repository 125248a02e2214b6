import { pruneAuthRecords } from './auth/service.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { closeContext, createContext } from './context.ts';
import { createDb, migrateToLatest, sqlitePathIn } from './db/database.ts';
import { prepareSetupToken } from './setup/service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

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
  const db = createDb({ databaseUrl: config.databaseUrl, sqlitePath: sqlitePathIn(config.dataDir) });
  await migrateToLatest(db);
  const ctx = await createContext(config, db);
  await pruneAuthRecords(ctx);

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
    pruneAuthRecords(ctx).catch((error: unknown) => app.log.error({ err: error }, 'pruning sessions failed'));
  }, DAY_MS);
  prune.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(prune);
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
