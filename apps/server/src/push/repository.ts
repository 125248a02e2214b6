import type { Db } from '../db/database.ts';
import type { PushSubscriptionsTable } from '../db/schema.ts';

/** One subscription per browser: subscribing again (even as someone else) replaces it. */
export async function upsertSubscription(db: Db, subscription: PushSubscriptionsTable): Promise<void> {
  await db
    .insertInto('pushSubscriptions')
    .values(subscription)
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        userId: subscription.userId,
        p256dh: subscription.p256dh,
        auth: subscription.auth,
        userAgent: subscription.userAgent,
        createdAt: subscription.createdAt,
      }),
    )
    .execute();
}

export async function deleteSubscription(db: Db, userId: string, endpoint: string): Promise<number> {
  const result = await db.deleteFrom('pushSubscriptions').where('userId', '=', userId).where('endpoint', '=', endpoint).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteSubscriptionById(db: Db, id: string): Promise<void> {
  await db.deleteFrom('pushSubscriptions').where('id', '=', id).execute();
}

export interface Recipients {
  /** Who caused the change: never notified about it. */
  exceptUserId: string;
  /** Changes of a hidden account reach only hidden accounts. */
  onlyHidden: boolean;
  onlyAdmins: boolean;
}

export function subscriptionsFor(db: Db, recipients: Recipients) {
  let query = db
    .selectFrom('pushSubscriptions')
    .innerJoin('users', 'users.id', 'pushSubscriptions.userId')
    .selectAll('pushSubscriptions')
    .where('users.id', '!=', recipients.exceptUserId)
    .where('users.disabled', '=', 0);
  if (recipients.onlyHidden) query = query.where('users.hidden', '=', 1);
  if (recipients.onlyAdmins) query = query.where('users.role', 'in', ['admin', 'superadmin']);
  return query.execute();
}
