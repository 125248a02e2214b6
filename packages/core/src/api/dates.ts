import { z } from 'zod';
import { EARLIEST_STAY_DATE, isIsoDate, LATEST_STAY_DATE, STAY_YEARS_AHEAD } from '../dates.ts';

export const isoDateSchema = z.string().refine(isIsoDate, { message: 'INVALID_DATE' }).meta({ format: 'date' });

/** A stay's date as requests carry it: real, and within the years the app holds. */
export const stayDateSchema = isoDateSchema
  .refine((date) => date >= EARLIEST_STAY_DATE && date <= LATEST_STAY_DATE, {
    message: 'DATE_OUT_OF_RANGE',
  })
  .meta({ format: 'date', description: `from ${EARLIEST_STAY_DATE}, at most ${STAY_YEARS_AHEAD} years after today` });
