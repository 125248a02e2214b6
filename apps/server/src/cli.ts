import { ConfigError, loadConfig } from './config.ts';
import { USAGE, UsageError, parseCommand, run, type Command } from './cli-commands.ts';
import { createContext } from './context.ts';
import { createDb, migrateToLatest, sqlitePathIn } from './db/database.ts';
import { DemoRefused } from './demo/seed.ts';
import { AppError } from './http/errors.ts';

async function main(): Promise<number> {
  let command: Command;
  try {
    command = parseCommand(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`Error: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  }
  const config = loadConfig();
  const db = createDb({ databaseUrl: config.databaseUrl, sqlitePath: sqlitePathIn(config.dataDir) });
  try {
    await migrateToLatest(db);
    await run(command, await createContext(config, db));
    return 0;
  } catch (error) {
    if (error instanceof AppError || error instanceof DemoRefused) {
      console.error(`Error: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
