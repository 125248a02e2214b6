import { DEFAULT_HOUSE_RULES, houseRulesSchema, type HouseRules } from '@rustico/core';
import type { Db } from '../db/database.ts';
import { getSetting, putSetting } from '../settings/repository.ts';

const HOUSE_RULES_KEY = 'house_rules';

/** The house's prices and limits: its own where set, the original house's otherwise. */
export async function getHouseRules(db: Db): Promise<HouseRules> {
  const stored = await getSetting(db, HOUSE_RULES_KEY);
  if (!stored) return DEFAULT_HOUSE_RULES;
  return houseRulesSchema.parse({ ...DEFAULT_HOUSE_RULES, ...JSON.parse(stored) });
}

export async function putHouseRules(db: Db, rules: Partial<HouseRules>): Promise<HouseRules> {
  const merged = houseRulesSchema.parse({ ...(await getHouseRules(db)), ...rules });
  await putSetting(db, HOUSE_RULES_KEY, JSON.stringify(merged));
  return merged;
}
