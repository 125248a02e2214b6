import type { PublicConfig, ZoneSpan } from '@rustico/core';

const FALLBACK: PublicConfig = { houseName: 'Rustico Corzoneso', emailDomain: null, houseTimeZone: 'Europe/Zurich', version: 'dev', mailEnabled: false, passkeyOrigin: null };

/**
 * Checks the injected JSON against `PublicConfig` without zod: this runs before
 * the first paint of /login, whose JS budget has no room for zod. The object is
 * rebuilt field by field, so a field added to `publicConfigSchema` in core
 * fails the type check here until it is read.
 */
function toPublicConfig(value: unknown): PublicConfig | null {
  if (typeof value !== 'object' || value === null) return null;
  const { houseName, emailDomain, houseTimeZone, version, mailEnabled, passkeyOrigin } = value as Record<string, unknown>;
  if (typeof houseName !== 'string' || typeof version !== 'string' || typeof houseTimeZone !== 'string') return null;
  if (emailDomain !== null && typeof emailDomain !== 'string') return null;
  const config: PublicConfig = {
    houseName,
    emailDomain,
    houseTimeZone,
    version,
    mailEnabled: mailEnabled === true,
    passkeyOrigin: typeof passkeyOrigin === 'string' ? passkeyOrigin : null,
  };
  const span = toZoneSpan((value as Record<string, unknown>).houseZoneSpan);
  if (span) config.houseZoneSpan = span;
  return config;
}

function toZoneSpan(value: unknown): ZoneSpan | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { offsetMinutes, from, until } = value as Record<string, unknown>;
  if (!Number.isInteger(offsetMinutes) || typeof from !== 'string' || typeof until !== 'string') return undefined;
  return { offsetMinutes: offsetMinutes as number, from, until };
}

/** Reads the config the server injects into index.html; falls back when absent or invalid. */
function readConfig(): PublicConfig {
  const content = document.querySelector('meta[name="rustico-config"]')?.getAttribute('content');
  if (!content) return FALLBACK;
  try {
    return toPublicConfig(JSON.parse(content)) ?? FALLBACK;
  } catch {
    return FALLBACK;
  }
}

export const config: PublicConfig = readConfig();
