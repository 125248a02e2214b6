import { z } from 'zod';
import { roles } from '../roles.ts';

export const roleSchema = z.enum(roles);

/** Ids are UUIDs, or the original app's uids: letters, digits, - and _; anything else names nobody. */
export const memberIdSchema = z.string().regex(/^[\w-]{1,100}$/, 'UNKNOWN_MEMBER');
