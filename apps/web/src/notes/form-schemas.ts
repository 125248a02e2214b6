export { noteInputSchema } from '@rustico/core';
