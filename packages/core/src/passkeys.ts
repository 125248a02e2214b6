/** Passkeys (issue 45): the limits server and web share. */

/** At most this many passkeys per member: every device of theirs, with room to spare. */
export const PASSKEYS_PER_MEMBER = 20;
/** The longest name of a passkey («iPhone di Rosa»). */
export const PASSKEY_NAME_MAX = 60;
