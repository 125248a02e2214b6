import { z } from 'zod';
import { MAX_AMOUNT_CENTIMES } from '../money.ts';

/** An amount as the API accepts one: whole centimes from 0 to CHF 1'000'000. */
export const centimesSchema = z
  .number({ message: 'AMOUNT_INVALID' })
  .int('AMOUNT_INVALID')
  .min(0, 'AMOUNT_INVALID')
  .max(MAX_AMOUNT_CENTIMES, 'AMOUNT_TOO_LARGE');
