/**
 * The original app's `stato`: 'utente' is a member, any other status an admin,
 * '+admin' a superadmin.
 */
export const roles = ['member', 'admin', 'superadmin'] as const;
export type Role = (typeof roles)[number];

/** The original app's `stato`: 'utente' is a member, '+admin' a superadmin, anything else an admin. */
export function roleFromStato(stato: string | undefined): Role {
  if (!stato || stato === 'utente') return 'member';
  return stato === '+admin' ? 'superadmin' : 'admin';
}

export function isAdmin(role: Role): boolean {
  return role === 'admin' || role === 'superadmin';
}

export function isSuperadmin(role: Role): boolean {
  return role === 'superadmin';
}
