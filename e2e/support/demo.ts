/** The demo house the e2e server starts with (see apps/server/src/demo/seed.ts). */
export const EMAIL_DOMAIN = 'bernasconi.ch';
export const DEMO_PASSWORD = 'rustico-demo';

export const demo = {
  superadmin: { local: 'marco', name: 'Marco Bernasconi' },
  admin: { local: 'giulia', name: 'Giulia Bernasconi' },
  member: { local: 'luca', name: 'Luca Bernasconi' },
  member2: { local: 'sofia', name: 'Sofia Bernasconi' },
  friend: { local: 'elena', name: 'Elena Pedrazzi' },
  /** Nobody's tests write as Andrea: read-only checks can count his stays. */
  quietFriend: { local: 'andrea', name: 'Andrea Lepori' },
  /** The grandparents: only the forgotten-password spec changes their passwords (one per project). */
  grandmother: { local: 'rosa', name: 'Rosa Bernasconi' },
  grandfather: { local: 'franco', name: 'Franco Bernasconi' },
  /** Luca's wife from Lausanne, who chose French: only the French spec logs in as her, and changes nothing. */
  frenchReader: { local: 'aurelie', name: 'Aurélie Bernasconi' },
} as const;

export type DemoPerson = (typeof demo)[keyof typeof demo];

export const emailOf = (person: DemoPerson) => `${person.local}@${EMAIL_DOMAIN}`;
