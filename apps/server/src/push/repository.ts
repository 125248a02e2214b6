import { DEFAULT_CHOICES, includesPush, type Channel } from '@rustico/core';
import type { Db } from '../db/database.ts';
import type { Recipients } from './recipients.ts';
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

const PUSH_CHANNELS: Channel[] = ['push', 'both'];

export function subscriptionsFor(db: Db, recipients: Recipients) {
  let query = db
    .selectFrom('pushSubscriptions')
    .innerJoin('users', 'users.id', 'pushSubscriptions.userId')
    .leftJoin('notificationChoices', (join) =>
      join.onRef('notificationChoices.userId', '=', 'users.id').on('notificationChoices.kind', '=', recipients.kind),
    )
    .selectAll('pushSubscriptions')
    .select('users.language')
    .where('users.id', '!=', recipients.exceptUserId)
    .where('users.disabled', '=', 0)
    .where((eb) =>
      includesPush(DEFAULT_CHOICES[recipients.kind])
        ? eb.or([eb('notificationChoices.channel', 'is', null), eb('notificationChoices.channel', 'in', PUSH_CHANNELS)])
        : eb('notificationChoices.channel', 'in', PUSH_CHANNELS),
    );
  if (recipients.onlyUserId) query = query.where('users.id', '=', recipients.onlyUserId);
  if (recipients.onlyHidden) query = query.where('users.hidden', '=', 1);
  if (recipients.onlyAdmins) query = query.where('users.role', 'in', ['admin', 'superadmin']);
  return query.execute();
}
