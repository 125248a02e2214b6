import { passwordLinkRequestSchema, setupRequestSchema } from '@rustico/core';

/** The first administrator's form; the token comes from the link. */
export const setupFormSchema = setupRequestSchema.omit({ token: true });

/** A new password from a reset or invitation link; the token comes from the link. */
export const passwordLinkFormSchema = passwordLinkRequestSchema.pick({ password: true });
