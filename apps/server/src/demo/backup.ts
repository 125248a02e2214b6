import { addDays, instantOfLocal, todayIn } from '@rustico/core';
import { runDailyBackup } from '../backups/service.ts';
import type { AppContext } from '../context.ts';

/**
 * Last night's backup, really written (into BACKUP_DIR), so Impostazioni › Backup shows one and a
 * superadmin can download it. On PostgreSQL there is none: the database's own tools back it up.
 */
export async function seedDemoBackup(ctx: AppContext): Promise<void> {
  const today = todayIn(ctx.config.houseTimeZone, ctx.now());
  const atHour = (day: string) => instantOfLocal(`${day}T${String(ctx.config.backups.hour).padStart(2, '0')}:00`, ctx.config.houseTimeZone);
  // The last backup hour that has passed: today's once it is past, so the server does not make
  // another one as it starts.
  const todays = atHour(today);
  const lastNight = todays && todays <= ctx.now() ? todays : atHour(addDays(today, -1));
  // Made and recorded at that hour, as the server would have.
  if (lastNight) await runDailyBackup({ ...ctx, now: () => lastNight }, lastNight);
}
