import { z } from 'zod';
import { isMonthDay } from '../peak-periods.ts';
import { freeTextSchema } from './text.ts';

export const monthDaySchema = z.string().refine(isMonthDay, { message: 'INVALID_DATE' }).meta({ description: 'MM-DD', example: '12-20' });

/**
 * A named range of days that recurs every year (year null) or holds in one year
 * only. Both ends are included; `from` after `to` crosses New Year (12-20 → 01-06),
 * and a one-year period that crosses New Year begins in its `year`.
 */
export const peakPeriodInputSchema = z.object({
  name: freeTextSchema({ max: 80, emptyCode: 'NAME_REQUIRED' }),
  from: monthDaySchema,
  to: monthDaySchema,
  year: z.number().int().min(2000).max(2099).nullable().optional(),
});
export type PeakPeriodInput = z.infer<typeof peakPeriodInputSchema>;

export const peakPeriodSchema = z.object({
  id: z.string(),
  name: z.string(),
  from: z.string(),
  to: z.string(),
  year: z.number().int().nullable(),
});
export type PeakPeriod = z.infer<typeof peakPeriodSchema>;
export const peakPeriodResponseSchema = z.object({ peakPeriod: peakPeriodSchema });
export const peakPeriodListSchema = z.object({ peakPeriods: z.array(peakPeriodSchema) });
