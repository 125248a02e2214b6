import { addDays, instantOfLocal, todayIn } from '@rustico/core';
import { runDailyBackup } from '../backups/service.ts';
import type { AppContext } from '../context.ts';

/**
 * Last night's backup, really written (into BACKUP_DIR), so Impostazioni › Backup shows one and a
 * superadmin can download it. On PostgreSQL there is none: the database's own tools back it up.
 */
export async function seedDemoBackup(ctx: AppContext): Promise<void> {
  const yesterday = addDays(todayIn(ctx.config.houseTimeZone, ctx.now()), -1);
  const lastNight = instantOfLocal(`${yesterday}T${String(ctx.config.backups.hour).padStart(2, '0')}:00`, ctx.config.houseTimeZone);
  // Made and recorded at that hour, as the server would have.
  if (lastNight) await runDailyBackup({ ...ctx, now: () => lastNight }, lastNight);
}
