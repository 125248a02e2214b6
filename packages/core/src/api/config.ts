import { z } from 'zod';

/** What the server hands the web app in index.html, before any request is made. */
export const publicConfigSchema = z.object({
  houseName: z.string(),
  emailDomain: z.string().nullable(),
  /** The zone in which "today" is counted (Europe/Zurich for Corzoneso). */
  houseTimeZone: z.string(),
  version: z.string(),
  /** Whether the server sends email (SMTP_URL is set): "Password dimenticata?" needs it. */
  mailEnabled: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
