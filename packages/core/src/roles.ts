import { z } from 'zod';

/**
 * The original app's `stato`: 'utente' is a member, any other status an admin,
 * '+admin' a superadmin.
 */
export const roleSchema = z.enum(['member', 'admin', 'superadmin']);
export type Role = z.infer<typeof roleSchema>;

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

export const colourSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'INVALID_COLOUR');

/** Ids are UUIDs, or the original app's uids: letters, digits, - and _; anything else names nobody. */
export const memberIdSchema = z.string().regex(/^[\w-]{1,100}$/, 'UNKNOWN_MEMBER');
