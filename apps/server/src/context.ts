import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { pino } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { EventHub } from './events/hub.ts';
import { localPublisher, postgresPublisher, type EventPublisher } from './events/publisher.ts';
import { BackgroundTasks } from './background.ts';
import { Mailer } from './mail/mailer.ts';
import { Meter } from './metrics/meter.ts';
import { PushSender } from './push/sender.ts';
import { ensureVapidKeys } from './push/vapid.ts';
import { registerParts } from './parts.ts';

/** What every service needs, passed explicitly so tests can swap the clock or the database. */
export interface AppContext {
  db: Db;
  config: Config;
  now: () => Date;
  log: FastifyBaseLogger;
  /** This process's live-event subscribers. */
  hub: EventHub;
  /** Where services announce committed changes. */
  events: EventPublisher;
  /** Web Push to members' devices, sent after the write that caused it. */
  push: PushSender;
  /** Email through SMTP_URL (off without it). */
  mailer: Mailer;
  /** Emails and other work done after the answer. */
  tasks: BackgroundTasks;
  /** What /metrics reports (records nothing without METRICS_TOKEN). */
  metrics: Meter;
}

/**
 * Log lines go to stdout without waiting for the write: under load the lines of many requests
 * leave in one write instead of one blocking write each; what is still buffered is written
 * out when the process exits.
 */
export function createLogger(config: Config): FastifyBaseLogger {
  return pino({ level: config.logLevel }, pino.destination({ dest: 1, sync: false }));
}

/**
 * Wires the shared parts for a database: live events (through PostgreSQL's
 * LISTEN/NOTIFY when several processes share it) and the push sender.
 */
export async function createContext(config: Config, db: Db, options: { now?: () => Date; log?: FastifyBaseLogger } = {}): Promise<AppContext> {
  registerParts();
  const log = options.log ?? createLogger(config);
  const hub = new EventHub();
  const events = config.databaseUrl
    ? await postgresPublisher(hub, config.databaseUrl, (error) => log.error({ err: error }, 'live events failed'))
    : localPublisher(hub);
  const metrics = await Meter.create(config.metricsToken !== null);
  const push = new PushSender(db, await ensureVapidKeys(db), config.pushContact, (error, context) => log.warn({ err: error }, context), config.pushAllowLoopback);
  return {
    db,
    config,
    now: options.now ?? (() => new Date()),
    log,
    hub,
    events,
    push,
    mailer: new Mailer(config.mail, (result) => metrics.mail(result)),
    tasks: new BackgroundTasks((error, context) => log.error({ err: error }, context)),
    metrics,
  };
}

/**
 * Lets pending notifications go out, then closes the event transport and the
 * database: on SQLite the WAL is folded into the database file first, so a
 * stopped house is one self-contained file; on PostgreSQL the pool is closed.
 */
export async function closeContext(ctx: AppContext): Promise<void> {
  await ctx.tasks.idle();
  await ctx.push.idle();
  ctx.mailer.close();
  await ctx.events.close();
  if (!ctx.config.databaseUrl) await sql`pragma wal_checkpoint(truncate)`.execute(ctx.db);
  await ctx.db.destroy();
}
