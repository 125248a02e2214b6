import type { NotificationKind, SessionUser } from '@rustico/core';

/** Who a push notice goes to. */
export interface Recipients {
  /** The kind of message: only members whose channel for it includes push get it. */
  kind: NotificationKind;
  /** One member only (a reminder). */
  onlyUserId?: string;
  /** Who caused the change: never notified about it. */
  exceptUserId: string;
  /** Changes of a hidden account reach only hidden accounts. */
  onlyHidden: boolean;
  onlyAdmins: boolean;
}

/** Everyone but the member who made the change (who knows already); a hidden member's changes reach only the hidden. */
export const recipientsOf = (actor: SessionUser, kind: NotificationKind): Recipients => ({ kind, exceptUserId: actor.id, onlyHidden: actor.hidden, onlyAdmins: false });
