import path from 'node:path';
import { isValidTimeZone } from '@rustico/core';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
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
  TRUST_PROXY: booleanFromEnv.default(false),
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
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  emailDomain: string | null;
  houseName: string;
  houseTimeZone: string;
  sessionDays: number;
  trustProxy: boolean;
  logLevel: z.infer<typeof configSchema>['LOG_LEVEL'];
  webDistDir: string;
  /** The house's own texts and settings files (tutorials, checklist, payment details). */
  contentDir: string;
  /** Who push services may contact about this sender (VAPID subject). */
  pushContact: string;
  weather: {
    latitude: number;
    longitude: number;
    /** With a key, OpenWeatherMap; without, Open-Meteo, which needs none. */
    openWeatherMapKey: string | undefined;
    openWeatherMapUrl: string;
    openMeteoUrl: string;
  };
};

export class ConfigError extends Error {}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Reads the environment once; a bad value stops the start with the setting's name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = configSchema.safeParse(blankless);
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
    emailDomain: c.EMAIL_DOMAIN?.toLowerCase() ?? null,
    houseName: c.HOUSE_NAME,
    houseTimeZone: c.HOUSE_TIME_ZONE,
    sessionDays: c.SESSION_DAYS,
    trustProxy: c.TRUST_PROXY,
    logLevel: c.LOG_LEVEL,
    webDistDir: path.resolve(c.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    contentDir: path.resolve(c.CONTENT_DIR ?? path.join(repoRoot, 'content')),
    pushContact: c.PUSH_CONTACT,
    weather: {
      latitude: c.HOUSE_LATITUDE,
      longitude: c.HOUSE_LONGITUDE,
      openWeatherMapKey: c.OPENWEATHERMAP_API_KEY,
      openWeatherMapUrl: c.OPENWEATHERMAP_URL.replace(/\/$/, ''),
      openMeteoUrl: c.OPEN_METEO_URL.replace(/\/$/, ''),
    },
  };
}
