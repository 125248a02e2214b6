/** The shortest password a member may choose (the form says so before the server refuses it). */
export const PASSWORD_MIN_LENGTH = 8;

/** The largest profile photo the server takes (the picker says so before uploading it). */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
