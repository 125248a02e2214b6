import { z } from 'zod';

/**
 * The prices and limits of a house. The defaults are the original house's;
 * each house keeps its own values in its settings.
 */
export const houseRulesSchema = z.object({
  nightFeeCentimes: z.number().int().min(0),
  minimumStayCostCentimes: z.number().int().min(0),
  pricePerKwhCentimes: z.number().int().min(0),
  maxStayNights: z.number().int().min(1).max(366),
});
export type HouseRules = z.infer<typeof houseRulesSchema>;

export const DEFAULT_HOUSE_RULES: HouseRules = {
  nightFeeCentimes: 5000,
  minimumStayCostCentimes: 7500,
  pricePerKwhCentimes: 30,
  maxStayNights: 60,
};
