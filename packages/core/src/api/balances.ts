import { z } from 'zod';
import { settlementKinds } from '../balances.ts';
import { centimesSchema } from './money.ts';
import { memberIdSchema } from './roles.ts';

export const settlementKindSchema = z.enum(settlementKinds);

export const memberBalanceSchema = z.object({
  memberId: z.string(),
  name: z.string(),
  colour: z.string(),
  /** Verified expenses the member paid for the house. */
  paidCentimes: z.number().int(),
  /** Unpaid stays and unpaid contributions. */
  owedCentimes: z.number().int(),
  /** Payments to the house minus reimbursements received. */
  settledCentimes: z.number().int(),
  /** Positive: the house owes the member; negative: the member owes the house. */
  balanceCentimes: z.number().int(),
});
export type MemberBalance = z.infer<typeof memberBalanceSchema>;

export const balancesSchema = z.object({
  members: z.array(memberBalanceSchema),
  /** Minus the sum of the members' balances: what the house is owed (positive) or owes. */
  houseCentimes: z.number().int(),
});
export type Balances = z.infer<typeof balancesSchema>;

export const settlementInputSchema = z.object({
  userId: memberIdSchema,
  kind: settlementKindSchema,
  amountCentimes: centimesSchema.positive('AMOUNT_INVALID'),
});
export type SettlementInput = z.infer<typeof settlementInputSchema>;

export const settlementSchema = settlementInputSchema.extend({
  id: z.string(),
  name: z.string(),
  recordedByName: z.string(),
  createdAt: z.string(),
});
export type Settlement = z.infer<typeof settlementSchema>;
export const settlementResponseSchema = z.object({ settlement: settlementSchema });

export const balancesResponseSchema = balancesSchema.extend({ settlements: z.array(settlementSchema) });
export type BalancesResponse = z.infer<typeof balancesResponseSchema>;
