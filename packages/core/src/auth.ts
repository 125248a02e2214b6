/** The shortest password a member may choose (the form says so before the server refuses it). */
export const PASSWORD_MIN_LENGTH = 8;
