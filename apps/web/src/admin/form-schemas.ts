import { memberUpdateSchema } from '@rustico/core';

export { newMemberSchema } from '@rustico/core';

/** Editing a member sends only what changed, but the form holds every field. */
export const editMemberSchema = memberUpdateSchema.required();
