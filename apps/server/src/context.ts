import type { Config } from './config.ts';
import type { Db } from './db/database.ts';

/** What every service needs, passed explicitly so tests can swap the clock or the database. */
export interface AppContext {
  db: Db;
  config: Config;
  now: () => Date;
}
