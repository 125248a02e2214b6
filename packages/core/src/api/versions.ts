import { z } from 'zod';

/**
 * What an editable thing's JSON carries: +1 on every change. An edit or delete sends the version
 * it was made on as `If-Match: <version>`; one that is no longer current is refused with 409
 * STALE_EDIT and the thing as it is now (`details.current`), and changes nothing.
 */
export const versionSchema = z.number().int().min(0);
