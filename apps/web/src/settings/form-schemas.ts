export { passwordChangeSchema, profileUpdateSchema } from '@rustico/core';
