import path from 'node:path';
import { ConfigError, loadConfig, SETTINGS_FILE, type Config } from './config.ts';
import { backupSqlite, restoreSqlite } from './db/backup.ts';
import { MAILING_COMMANDS, USAGE, UsageError, parseCommand, type Command } from './cli/commands.ts';
import { run } from './cli/run.ts';
import { createContext } from './context.ts';
import { createDb, MigrationFailed, migrateToLatest, sqlitePathIn } from './db/database.ts';
import { DemoRefused } from './demo/seed.ts';
import { AppError } from './http/errors.ts';
import { ExportRefused } from './importer/layouts.ts';
import { movePhotoFolderIntoDatabase } from './storage/photo-folder.ts';

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
  // The server may fall back on its own address; run from a shell or cron, the CLI cannot know
  // where people reach the house, and an email with links to localhost leads nowhere.
  if (MAILING_COMMANDS.has(command.kind) && config.mail && !config.publicUrl) {
    console.error(
      `Error: PUBLIC_URL is not set, so the links in the emails would lead nowhere; nothing was sent.\n` +
        `Set it as the server has it: in the environment or in ${path.join(config.dataDir, SETTINGS_FILE)} (PUBLIC_URL=https://rustico.example.ch).`,
    );
    return 1;
  }
  if (command.kind === 'backup' || command.kind === 'restore') return runFileCommand(command, config);
  const db = createDb({ databaseUrl: config.databaseUrl, sqlitePath: sqlitePathIn(config.dataDir) });
  try {
    await migrateToLatest(db);
    await movePhotoFolderIntoDatabase(db, config.dataDir, new Date());
    await run(command, await createContext(config, db));
    return 0;
  } catch (error) {
    if (error instanceof AppError || error instanceof DemoRefused || error instanceof ExportRefused || error instanceof MigrationFailed) {
      console.error(`Error: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await db.destroy();
  }
}

/** Backup and restore work on the database file itself, not through a connection pool. */
async function runFileCommand(command: Extract<Command, { kind: 'backup' | 'restore' }>, config: Config): Promise<number> {
  if (config.databaseUrl) {
    console.error(
      command.kind === 'backup'
        ? `This house runs on PostgreSQL: back it up with\n  pg_dump --format=custom --file=${command.file} "$DATABASE_URL"\n(photos and other files are in the database too; see docs/operations.md).`
        : `This house runs on PostgreSQL: restore with\n  pg_restore --clean --if-exists --dbname="$DATABASE_URL" ${command.file}\n(see docs/operations.md).`,
    );
    return 1;
  }
  const databaseFile = sqlitePathIn(config.dataDir);
  try {
    if (command.kind === 'backup') {
      await backupSqlite(databaseFile, command.file);
      console.log(`Backed up ${databaseFile} to ${command.file}, photos included.`);
      return 0;
    }
    const keptAs = restoreSqlite(databaseFile, command.file, new Date());
    const db = createDb({ sqlitePath: databaseFile });
    await migrateToLatest(db);
    await db.destroy();
    console.log(`Restored ${command.file}.${keptAs ? ` The database it replaced is kept as ${keptAs}.` : ''}`);
    return 0;
  } catch (error) {
    console.error(`Error: ${(error as Error).message}`);
    return 1;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
