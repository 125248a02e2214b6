import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { EventHub } from './events/hub.ts';
import type { EventPublisher } from './events/publisher.ts';

/** What every service needs, passed explicitly so tests can swap the clock or the database. */
export interface AppContext {
  db: Db;
  config: Config;
  now: () => Date;
  /** This process's live-event subscribers. */
  hub: EventHub;
  /** Where services announce committed changes. */
  events: EventPublisher;
}
