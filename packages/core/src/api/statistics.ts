import { z } from 'zod';

export const statisticsQuerySchema = z.object({ year: z.coerce.number().int().min(2000).max(2100) });

export const yearStatisticsSchema = z.object({
  year: z.number().int(),
  nightsPerMember: z.array(z.object({ memberId: z.string(), name: z.string(), colour: z.string(), nights: z.number().int() })),
  months: z.array(
    z.object({
      month: z.number().int().min(1).max(12),
      nights: z.number().int(),
      /** Booked nights over the month's nights, 0..1. */
      occupancy: z.number(),
      kwh: z.number(),
    }),
  ),
  stays: z.array(z.object({ bookingId: z.string(), name: z.string(), start: z.string(), end: z.string(), kwh: z.number().nullable() })),
  paidCentimes: z.number().int(),
  openCentimes: z.number().int(),
  unpaid: z.array(z.object({ bookingId: z.string(), name: z.string(), start: z.string(), end: z.string(), costCentimes: z.number().int() })),
});
export type YearStatistics = z.infer<typeof yearStatisticsSchema>;

/** The files stored (receipts, photos) against the budgets: the house's, and each member's with any. */
export const storageStatisticsSchema = z.object({
  houseBytes: z.number().int(),
  houseBudgetBytes: z.number().int(),
  memberBudgetBytes: z.number().int(),
  /** Members with files stored, most first. */
  members: z.array(z.object({ memberId: z.string(), name: z.string(), colour: z.string(), bytes: z.number().int() })),
});
export type StorageStatistics = z.infer<typeof storageStatisticsSchema>;
