import type { Language, Role } from '@rustico/core';
import type { AppContext } from '../context.ts';
import { countUsers, createUser, setUserPhoto, updateLanguage } from '../users/service.ts';
import { avatarSvg, type AvatarLook } from './avatars.ts';
import { seedDemoBookings } from './bookings.ts';
import { seedDemoChoices } from './notification-choices.ts';
import { seedDemoFairness } from './fairness.ts';
import { seedDemoMoney } from './money.ts';
import { seedDemoNotes } from './notes.ts';
import { seedDemoUpkeep } from './upkeep.ts';
import { seedDemoPasskeys } from './passkeys.ts';
import { seedDemoBackup } from './backup.ts';
import { seedDemoHolds } from './holds.ts';
import { seedDemoSwaps } from './swaps.ts';

export const DEMO_PASSWORD = 'rustico-demo';

interface DemoMember {
  local: string;
  name: string;
  role: Role;
  look: AvatarLook;
  /** Chosen in Impostazioni; the others never chose, and read the house's Italian. */
  language?: Language;
}

/**
 * The Bernasconi family of Biasca (with the grandparents, and Luca's wife from Lausanne, who
 * reads the app in French) and two friends, sharing the rustico in Corzoneso.
 */
const FAMILY: DemoMember[] = [
  { local: 'marco', name: 'Marco Bernasconi', role: 'superadmin', look: { colour: '#b5542d', skin: '#e8b896', hair: '#5a4030', longHair: false, beard: true } },
  { local: 'giulia', name: 'Giulia Bernasconi', role: 'admin', look: { colour: '#3d6b4f', skin: '#f0c8a8', hair: '#8a5a2b', longHair: true } },
  { local: 'luca', name: 'Luca Bernasconi', role: 'member', look: { colour: '#2f5d8a', skin: '#e8b896', hair: '#2e2420', longHair: false } },
  { local: 'sofia', name: 'Sofia Bernasconi', role: 'member', look: { colour: '#8a5a9e', skin: '#f3d2b8', hair: '#c9a063', longHair: true, glasses: true } },
  { local: 'elena', name: 'Elena Pedrazzi', role: 'member', look: { colour: '#c08a1e', skin: '#c99470', hair: '#1f1a17', longHair: true } },
  { local: 'andrea', name: 'Andrea Lepori', role: 'member', look: { colour: '#4a7885', skin: '#deb08c', hair: '#6b6b6b', longHair: false, glasses: true } },
  // The grandparents read email rather than notifications.
  { local: 'rosa', name: 'Rosa Bernasconi', role: 'member', look: { colour: '#a63d5a', skin: '#f0c8a8', hair: '#d8d4cf', longHair: true, glasses: true } },
  { local: 'franco', name: 'Franco Bernasconi', role: 'member', look: { colour: '#6b6b3d', skin: '#e8b896', hair: '#bdb8b0', longHair: false, beard: true } },
  { local: 'aurelie', name: 'Aurélie Bernasconi', role: 'member', language: 'fr', look: { colour: '#5b5f97', skin: '#f3d2b8', hair: '#6b4423', longHair: true } },
];

export interface DemoLogin {
  email: string;
  name: string;
  role: Role;
}

export class DemoRefused extends Error {}

/** Fills an empty house with the demo family; refuses a database that has accounts. */
export async function seedDemo(ctx: AppContext): Promise<DemoLogin[]> {
  if ((await countUsers(ctx.db)) > 0) {
    throw new DemoRefused('The database already has accounts: the demo only fills an empty house.');
  }
  const domain = ctx.config.emailDomain ?? 'bernasconi.ch';
  const logins: DemoLogin[] = [];
  const ids = new Map<string, string>();
  for (const member of FAMILY) {
    const user = await createUser(ctx, {
      email: `${member.local}@${domain}`,
      name: member.name,
      password: DEMO_PASSWORD,
      role: member.role,
      colour: member.look.colour,
    });
    // The demo's portraits are drawn as SVG; uploads never accept SVG.
    await setUserPhoto(ctx, user.id, avatarSvg(member.look), { allowSvg: true });
    if (member.language) await updateLanguage(ctx.db, user.id, member.language);
    ids.set(member.local, user.id);
    logins.push({ email: user.email, name: user.name, role: user.role });
  }
  await seedDemoBookings(ctx, ids);
  await seedDemoNotes(ctx, ids);
  await seedDemoChoices(ctx, ids);
  await seedDemoMoney(ctx, ids);
  await seedDemoFairness(ctx, ids);
  await seedDemoPasskeys(ctx, ids);
  await seedDemoUpkeep(ctx, ids);
  await seedDemoHolds(ctx, ids);
  await seedDemoSwaps(ctx, ids);
  // Last, so the copy holds the whole demo house.
  await seedDemoBackup(ctx);
  return logins;
}
