import {
  DEFAULT_HOUSE_RULES,
  houseRulesSchema,
  ruleKeys,
  type HouseRules,
  type HouseRulesUpdate,
  type RuleChange,
  type SessionUser,
} from '@rustico/core';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context.ts';
import { lockNameForWrite } from '../db/locks.ts';
import { lastChange, recordChange } from '../history/service.ts';
import type { Database } from '../db/schema.ts';
import type { Db } from '../db/database.ts';
import { AppError, staleEdit } from '../http/errors.ts';
import { getSetting, putSetting, settingVersion } from '../db/settings.ts';
import { findUserById } from '../users/service.ts';
import { insertRuleChanges, listRuleChanges } from './repository.ts';

// What other features read and write of house goes through here, not its repository.
export { insertRuleChanges } from './repository.ts';

const HOUSE_RULES_KEY = 'house_rules';

/** The house's prices and limits: its own where set, the original house's otherwise. */
export async function getHouseRules(db: Kysely<Database>): Promise<HouseRules> {
  const stored = await getSetting(db, HOUSE_RULES_KEY);
  if (!stored) return DEFAULT_HOUSE_RULES;
  return houseRulesSchema.parse({ ...DEFAULT_HOUSE_RULES, ...JSON.parse(stored) });
}

/** The rules' version: +1 on every change, 0 while the house keeps the original house's. */
export function houseRulesVersion(db: Kysely<Database>): Promise<number> {
  return settingVersion(db, HOUSE_RULES_KEY);
}

/** Stores rules as they are, without a history entry (tests and the demo's set-up). */
export async function putHouseRules(db: Kysely<Database>, rules: Partial<HouseRules>): Promise<HouseRules> {
  const merged = houseRulesSchema.parse({ ...(await getHouseRules(db)), ...rules });
  await putSetting(db, HOUSE_RULES_KEY, JSON.stringify(merged));
  return merged;
}

/** An edit made on rules changed since (If-Match) is refused with them as they are now. */
async function assertRulesCurrent(trx: Kysely<Database>, current: HouseRules, expectedVersion: number | undefined): Promise<void> {
  const version = await houseRulesVersion(trx);
  if (expectedVersion !== undefined && version !== expectedVersion) throw staleEdit({ rules: current, version }, await lastChange(trx, 'rules', 'house'));
}

/**
 * Changes rules and keeps, in the same transaction, one history entry per rule that
 * changed: who (null: the command line), when, before and after.
 */
export async function changeHouseRules(ctx: Pick<AppContext, 'db' | 'now' | 'events'>, actorId: string | null, update: HouseRulesUpdate, expectedVersion?: number): Promise<HouseRules> {
  const at = ctx.now().toISOString();
  const rules = await ctx.db.transaction().execute(async (trx) => {
    await lockNameForWrite(trx, HOUSE_RULES_KEY);
    const before = await getHouseRules(trx);
    await assertRulesCurrent(trx, before, expectedVersion);
    const after = await putHouseRules(trx, update);
    const values = (rules: HouseRules) => Object.fromEntries(ruleKeys.map((key) => [key, rules[key]]));
    await recordChange(trx, { subject: 'rules', subjectId: 'house', ownerId: null, action: 'updated', byId: actorId, at: ctx.now(), label: '', before: values(before), after: values(after) });
    await insertRuleChanges(
      trx,
      ruleKeys
        .filter((key) => before[key] !== after[key])
        .map((rule) => ({ at, byId: actorId, rule, memberId: null, before: JSON.stringify(before[rule]), after: JSON.stringify(after[rule]) })),
    );
    return after;
  });
  ctx.events.publish({ type: 'rules', action: 'updated', id: 'house' }, null);
  return rules;
}

/** Gives a member a quota of their own, or (null) the house's again. */
export async function setMemberQuota(
  ctx: Pick<AppContext, 'db' | 'now' | 'events'>,
  actor: SessionUser | null,
  memberId: string,
  quotaNights: number | null,
  expectedVersion?: number,
): Promise<HouseRules> {
  const at = ctx.now().toISOString();
  const rules = await ctx.db.transaction().execute(async (trx) => {
    await lockNameForWrite(trx, HOUSE_RULES_KEY);
    const member = await findUserById(trx, memberId);
    if (!member || (member.hidden === 1 && actor && !actor.hidden)) throw new AppError(404, 'USER_NOT_FOUND', 'No such member', 'memberId');
    const before = await getHouseRules(trx);
    // The quotas are part of the rules: one made on rules changed since is refused, as the rules' form is.
    await assertRulesCurrent(trx, before, expectedVersion);
    const previous = before.memberQuotas.find((q) => q.memberId === memberId)?.quotaNights ?? null;
    const others = before.memberQuotas.filter((q) => q.memberId !== memberId);
    const after = await putHouseRules(trx, { memberQuotas: quotaNights === null ? others : [...others, { memberId, quotaNights }] });
    await recordChange(trx, { subject: 'rules', subjectId: 'house', ownerId: memberId, action: 'updated', byId: actor?.id ?? null, at: ctx.now(), label: member.name, before: { memberQuota: previous }, after: { memberQuota: quotaNights } });
    if (previous !== quotaNights) {
      await insertRuleChanges(trx, [
        { at, byId: actor?.id ?? null, rule: 'memberQuota', memberId, before: previous === null ? null : JSON.stringify(previous), after: quotaNights === null ? null : JSON.stringify(quotaNights) },
      ]);
    }
    return after;
  });
  ctx.events.publish({ type: 'rules', action: 'updated', id: 'house' }, null);
  return rules;
}

/** The rules as a member sees them: a hidden member's own quota only for hidden accounts. */
export async function houseRulesFor(ctx: AppContext, viewer: SessionUser): Promise<HouseRules> {
  const rules = await getHouseRules(ctx.db);
  if (viewer.hidden || rules.memberQuotas.length === 0) return rules;
  const visible = [];
  for (const quota of rules.memberQuotas) {
    const member = await findUserById(ctx.db, quota.memberId);
    if (member && (member.hidden === 0 || member.id === viewer.id)) visible.push(quota);
  }
  return { ...rules, memberQuotas: visible };
}

const HISTORY_LIMIT = 500;

/** The last changes of the rules and peak periods, newest first. */
export async function ruleHistory(db: Db, viewer: SessionUser): Promise<RuleChange[]> {
  const rows = await listRuleChanges(db, HISTORY_LIMIT);
  return rows
    .filter((row) => row.memberHidden !== 1 || viewer.hidden || row.memberId === viewer.id)
    .map((row) => ({
      id: row.id,
      at: row.at,
      byId: row.byId,
      byName: row.byName,
      rule: row.rule as RuleChange['rule'],
      memberId: row.memberId,
      memberName: row.memberName,
      before: row.before === null ? null : (JSON.parse(row.before) as RuleChange['before']),
      after: row.after === null ? null : (JSON.parse(row.after) as RuleChange['after']),
    }));
}
