import { z } from 'zod';
import type { ZoneSpan } from '../dates.ts';

const zoneSpanSchema = z.object({ offsetMinutes: z.number().int(), from: z.string(), until: z.string() }) satisfies z.ZodType<ZoneSpan>;

/** What the server hands the web app in index.html, before any request is made. */
export const publicConfigSchema = z.object({
  houseName: z.string(),
  emailDomain: z.string().nullable(),
  /** The zone in which "today" is counted (Europe/Zurich for Corzoneso). */
  houseTimeZone: z.string(),
  /** The house zone's offset from UTC until its clocks next change: the page's "today" without Intl. */
  houseZoneSpan: zoneSpanSchema.optional(),
  version: z.string(),
  /** Whether the server sends email (SMTP_URL is set): "Password dimenticata?" needs it. */
  mailEnabled: z.boolean(),
  /** The origin passkeys work on (PUBLIC_URL's), or null when it cannot have any (an IP address, plain HTTP). */
  passkeyOrigin: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
