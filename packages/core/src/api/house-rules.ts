import { z } from 'zod';
import { MAX_BOOKING_WINDOW_MONTHS, ruleKeys } from '../house-rules.ts';
import { memberIdSchema } from './roles.ts';
import { versionSchema } from './versions.ts';

/** A member's own yearly quota, replacing the house's for them. */
export const memberQuotaSchema = z.object({
  memberId: z.string(),
  quotaNights: z.number().int().min(0).max(366),
});
export type MemberQuota = z.infer<typeof memberQuotaSchema>;

/**
 * The prices and limits of a house. The defaults are the original house's;
 * each house keeps its own values in its settings. The fair-booking rules
 * (window, quota, notice) are off until an administrator sets them.
 */
export const houseRulesSchema = z.object({
  // Bounded so that ten years of nights still fit the database's integers (CHF 5'000 a night at most).
  nightFeeCentimes: z.number().int().min(0).max(500_000),
  minimumStayCostCentimes: z.number().int().min(0).max(10_000_000),
  pricePerKwhCentimes: z.number().int().min(0).max(10_000),
  maxStayNights: z.number().int().min(1).max(366),
  /** How far ahead members may book: the last night at most this many months after today; null: no limit. */
  bookingWindowMonths: z.number().int().min(1).max(MAX_BOOKING_WINDOW_MONTHS).nullable(),
  /** Personal nights per member and calendar year (maintenance does not count); null: no quota. */
  quotaNights: z.number().int().min(0).max(366).nullable(),
  /** A stay starts at least this many days after today (0: today is fine). */
  noticeDays: z.number().int().min(0).max(365),
  /** Members with a quota of their own. */
  memberQuotas: z.array(memberQuotaSchema),
  /** How many days a hold («opzione») lasts; null: the house offers no holds. */
  holdDays: z.number().int().min(1).max(60).nullable(),
  /** Holds one member keeps at once. */
  maxHolds: z.number().int().min(1).max(20),
});
export type HouseRules = z.infer<typeof houseRulesSchema>;

/** PUT /api/house/rules: any of the rules; the others stay as they are. */
export const houseRulesUpdateSchema = houseRulesSchema
  .omit({ memberQuotas: true })
  .partial()
  .refine((update) => Object.keys(update).length > 0, { message: 'VALIDATION' });
export type HouseRulesUpdate = z.infer<typeof houseRulesUpdateSchema>;

/** PUT /api/house/rules/quotas/{memberId}: a member's own quota; null gives them the house's again. */
export const memberQuotaUpdateSchema = z.object({ quotaNights: z.number().int().min(0).max(366).nullable() });

export const houseRulesResponseSchema = z.object({ rules: houseRulesSchema, version: versionSchema });

/** A peak period as a rule change shows it. */
const peakValueSchema = z.object({ name: z.string(), from: z.string(), to: z.string(), year: z.number().int().nullable() });

/** One change of one rule: who, when, before and after (null: not set). */
export const ruleChangeSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Null when the change came from the command line. */
  byId: z.string().nullable(),
  byName: z.string().nullable(),
  rule: z.enum([...ruleKeys, 'memberQuota', 'peakPeriod']),
  /** For memberQuota: whose. */
  memberId: memberIdSchema.nullable(),
  memberName: z.string().nullable(),
  before: z.union([z.number(), peakValueSchema]).nullable(),
  after: z.union([z.number(), peakValueSchema]).nullable(),
});
export type RuleChange = z.infer<typeof ruleChangeSchema>;

export const ruleHistorySchema = z.object({ changes: z.array(ruleChangeSchema) });
