import { newPasskeySchema } from '@rustico/core';

export { passwordChangeSchema, profileUpdateSchema } from '@rustico/core';

/** A new passkey's name; the device gives the rest. */
export const passkeyNameFormSchema = newPasskeySchema.pick({ name: true });
