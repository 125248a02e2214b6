import { sql, type SqlBool } from 'kysely';

/** Who looks: hidden accounts are seen only by themselves and other hidden accounts. */
export interface Viewer {
  id: string;
  hidden: boolean;
}

export const hiddenFlag = (viewer: Viewer): number => (viewer.hidden ? 1 : 0);

/**
 * The account `users` (or an alias of it) is one the viewer may see. One shape for every viewer
 * (their hidden flag is a value), so a query built with it can be prepared once for all.
 */
export function seenBy(account: 'users' | 'reactor', viewerId: string, viewerHidden: number) {
  return sql<SqlBool>`(${sql.ref(`${account}.hidden`)} = 0 or ${sql.ref(`${account}.id`)} = ${viewerId} or ${viewerHidden} = 1)`;
}

/** seenBy for a query built per request (not prepared): the viewer's own id and flag. */
export function seenByViewer(account: 'users' | 'reactor', viewer: Viewer) {
  return seenBy(account, viewer.id, hiddenFlag(viewer));
}
