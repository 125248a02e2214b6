import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { isValidTimeZone } from '@rustico/core';
import { z } from 'zod';

const DEFAULT_DATA_DIR = './data';

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// (leave it unset for the embedded SQLite database)')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  EMAIL_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'must be a domain such as famiglia.ch, without @')
    .optional(),
  HOUSE_NAME: z.string().min(1).default('Rustico Corzoneso'),
  HOUSE_TIME_ZONE: z.string().refine(isValidTimeZone, 'must be an IANA time zone such as Europe/Zurich').default('Europe/Zurich'),
  SESSION_DAYS: z.coerce.number().int().min(1).max(730).default(180),
  WRITE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  // At least room for one file of the largest kind (10 MB).
  STORAGE_PER_MEMBER_MB: z.coerce.number().int().min(10, 'must be at least 10 (MB): one receipt may have 10 MB').max(1_000_000).default(200),
  STORAGE_PER_HOUSE_MB: z.coerce.number().int().min(10, 'must be at least 10 (MB): one receipt may have 10 MB').max(1_000_000).default(2048),
  // How many proxies, or which: trusting every hop would let a client forge its address.
  // true keeps meaning "one proxy".
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|false|yes|no|\d{1,2}|[\da-f.:/]+(,\s*[\da-f.:/]+)*)$/i,
      'must be the number of reverse proxies in front of Rustico (0, 1, 2…; true means 1) or their addresses (10.0.0.2,192.168.1.0/24)',
    )
    .transform((value): number | string => {
      if (value === 'true' || value === 'yes') return 1;
      if (value === 'false' || value === 'no') return 0;
      return /^\d+$/.test(value) ? Number(value) : value;
    })
    .default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  CONTENT_DIR: z.string().optional(),
  HOUSE_LATITUDE: z.coerce.number().min(-90).max(90).default(46.4463),
  HOUSE_LONGITUDE: z.coerce.number().min(-180).max(180).default(8.9344),
  OPENWEATHERMAP_API_KEY: z.string().min(1).optional(),
  OPENWEATHERMAP_URL: z.url().default('https://api.openweathermap.org'),
  OPEN_METEO_URL: z.url().default('https://api.open-meteo.com'),
  PUSH_CONTACT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: address or an https:// URL')
    .default('mailto:rustico@localhost'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must look like smtps://user:pass@mail.example.ch:465 or smtp://host:587')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  REMINDERS_EVERY_MINUTES: z.coerce.number().int().min(1).max(60).default(5),
  NOTIFY_DELAY_MINUTES: z.coerce.number().int().min(0).max(240).default(10),
  SUMMARY_HOUR: z.coerce.number().int().min(0).max(23).default(19),
  // Tests' stand-in push services listen on this machine; real ones never do.
  PUSH_ALLOW_LOOPBACK: z.enum(['true', 'false']).default('false'),
  // argon2id's costs; the defaults are OWASP's. Tests lower them: a hash then takes microseconds, not 20 ms.
  PASSWORD_HASH_MEMORY_KIB: z.coerce.number().int().min(8).max(4_194_304).default(19_456),
  PASSWORD_HASH_ITERATIONS: z.coerce.number().int().min(1).max(100).default(2),
  // A bearer token long enough not to be guessed: /metrics tells how busy the house is and who is online.
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,}$/, 'must be at least 16 printable characters without spaces (for example the output of `openssl rand -hex 24`)')
    .optional(),
  BACKUP_HOUR: z.coerce.number().int().min(0, 'must be an hour from 0 to 23 (house time)').max(23, 'must be an hour from 0 to 23 (house time)').default(3),
  BACKUP_DIR: z.string().min(1).optional(),
});

export interface PasswordHashCost {
  memoryKib: number;
  iterations: number;
}

/** What a member's uploads may keep stored, and the whole house's, in bytes. */
export interface StorageBudget {
  perMemberBytes: number;
  perHouseBytes: number;
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  /** Whom passkeys are made for and where (PUBLIC_URL, else localhost); null where they cannot work (an IP address, plain HTTP). */
  relyingParty: RelyingParty | null;
  emailDomain: string | null;
  houseName: string;
  houseTimeZone: string;
  sessionDays: number;
  /** Changes one user may make per minute, across every server process. */
  writeLimitPerMinute: number;
  /** What one member's uploads (receipts, photos) and the whole house may keep stored, in bytes. */
  storage: StorageBudget;
  /** The reverse proxies whose X-Forwarded-* count: how many hops (0: none), or their addresses. */
  trustProxy: number | string;
  logLevel: z.infer<typeof configSchema>['LOG_LEVEL'];
  webDistDir: string;
  /** The house's own texts and settings files (tutorials, checklist, payment details). */
  contentDir: string;
  /** Who push services may contact about this sender (VAPID subject). */
  pushContact: string;
  /** Email through SMTP; null when SMTP_URL is unset (email is off). */
  mail: { smtpUrl: string; from: string } | null;
  /** How often the server looks for reminders and emails due. */
  remindersEveryMinutes: number;
  /** How long messages about others' bookings and notes wait to be merged, and the hour of the daily summary. */
  notices: { delayMinutes: number; summaryHour: number };
  /** Lets push endpoints be on loopback (tests only); otherwise only public HTTPS hosts. */
  pushAllowLoopback: boolean;
  /** argon2id's cost for new password hashes (a hash keeps the cost it was made with). */
  passwordHash: PasswordHashCost;
  /** The bearer token /metrics wants; null: there is no /metrics (404). */
  metricsToken: string | null;
  /** The daily backup (SQLite only): the hour on the house's clock and the folder the copies go to. */
  backups: { hour: number; dir: string };
  weather: {
    latitude: number;
    longitude: number;
    /** With a key, OpenWeatherMap; without, Open-Meteo, which needs none. */
    openWeatherMapKey: string | undefined;
    openWeatherMapUrl: string;
    openMeteoUrl: string;
  };
};

/** Whom passkeys are made for: a domain (the "RP ID") and the origin its pages come from. */
export interface RelyingParty {
  id: string;
  origin: string;
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * The relying party of the house's public address, or null where passkeys cannot work: browsers
 * refuse an IP address (v4, or v6 in brackets) as a relying party, and offer WebAuthn only on
 * secure pages: HTTPS, or the machine itself (localhost).
 */
export function relyingPartyOf(publicUrl: string): RelyingParty | null {
  let url: URL;
  try {
    url = new URL(publicUrl);
  } catch {
    return null;
  }
  const { hostname, protocol } = url;
  if (hostname === '' || hostname.startsWith('[') || IPV4.test(hostname) || hostname.endsWith('.')) return null;
  const localhost = hostname === 'localhost' || hostname.endsWith('.localhost');
  if (protocol !== 'https:' && !(protocol === 'http:' && localhost)) return null;
  return { id: hostname, origin: url.origin };
}

export class ConfigError extends Error {}

/** Defined as true by scripts/build.mjs in the compiled server. */
declare const RUSTICO_COMPILED: boolean | undefined;

// Sources (apps/server/src) and the compiled server (build/<id>/server) both sit three folders down.
const repoRoot = path.resolve(import.meta.dirname, '../../..');
// The compiled server serves the web app built with it; from sources, the current build.
const builtWebDir =
  typeof RUSTICO_COMPILED !== 'undefined' ? path.resolve(import.meta.dirname, '../web') : path.join(repoRoot, 'build/current/web');

const setOnly = (env: NodeJS.ProcessEnv) => Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));

/** The file of settings in the data folder, read by the server and the command line alike. */
export const SETTINGS_FILE = '.env';

/**
 * The environment over the data folder's `.env`: a variable set (not empty) in the environment
 * wins, the file gives the rest. The command line started by hand or by cron then sends the same
 * links and email as the server without repeating its unit's settings. The data folder itself
 * comes from the environment only (the file is in it).
 */
export function settingsWithFile(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const file = path.join(path.resolve(env.DATA_DIR || DEFAULT_DATA_DIR), SETTINGS_FILE);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return env;
    throw new ConfigError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  const fromFile = parseEnv(text);
  if (fromFile.DATA_DIR !== undefined) throw new ConfigError(`${file}: DATA_DIR cannot be set in the data folder's own file; set it in the environment`);
  return { ...setOnly(fromFile), ...setOnly(env) };
}

/**
 * Reads the settings once (the environment, and the data folder's `.env` when none is given); a
 * bad value stops the start with the setting's name.
 */
export function loadConfig(env: NodeJS.ProcessEnv = settingsWithFile()): Config {
  const parsed = configSchema.safeParse(setOnly(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid settings:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    publicUrl: c.PUBLIC_URL?.replace(/\/$/, ''),
    relyingParty: relyingPartyOf(c.PUBLIC_URL ?? `http://localhost:${c.PORT}`),
    emailDomain: c.EMAIL_DOMAIN?.toLowerCase() ?? null,
    houseName: c.HOUSE_NAME,
    houseTimeZone: c.HOUSE_TIME_ZONE,
    sessionDays: c.SESSION_DAYS,
    writeLimitPerMinute: c.WRITE_LIMIT_PER_MINUTE,
    storage: { perMemberBytes: c.STORAGE_PER_MEMBER_MB * 1024 * 1024, perHouseBytes: c.STORAGE_PER_HOUSE_MB * 1024 * 1024 },
    trustProxy: c.TRUST_PROXY,
    logLevel: c.LOG_LEVEL,
    webDistDir: path.resolve(c.WEB_DIST_DIR ?? builtWebDir),
    contentDir: path.resolve(c.CONTENT_DIR ?? path.join(repoRoot, 'content')),
    pushContact: c.PUSH_CONTACT,
    mail: c.SMTP_URL ? { smtpUrl: c.SMTP_URL, from: c.MAIL_FROM ?? `${c.HOUSE_NAME} <rustico@localhost>` } : null,
    remindersEveryMinutes: c.REMINDERS_EVERY_MINUTES,
    notices: { delayMinutes: c.NOTIFY_DELAY_MINUTES, summaryHour: c.SUMMARY_HOUR },
    pushAllowLoopback: c.PUSH_ALLOW_LOOPBACK === 'true',
    passwordHash: { memoryKib: c.PASSWORD_HASH_MEMORY_KIB, iterations: c.PASSWORD_HASH_ITERATIONS },
    metricsToken: c.METRICS_TOKEN ?? null,
    backups: { hour: c.BACKUP_HOUR, dir: path.resolve(c.BACKUP_DIR ?? path.join(c.DATA_DIR, 'backups')) },
    weather: {
      latitude: c.HOUSE_LATITUDE,
      longitude: c.HOUSE_LONGITUDE,
      openWeatherMapKey: c.OPENWEATHERMAP_API_KEY,
      openWeatherMapUrl: c.OPENWEATHERMAP_URL.replace(/\/$/, ''),
      openMeteoUrl: c.OPEN_METEO_URL.replace(/\/$/, ''),
    },
  };
}
