import type { Insertable, Kysely } from 'kysely';
import type { Database, RuleChangesTable } from '../db/schema.ts';

export async function insertRuleChanges(db: Kysely<Database>, changes: Insertable<RuleChangesTable>[]): Promise<void> {
  if (changes.length > 0) await db.insertInto('ruleChanges').values(changes).execute();
}

/** Every change of a rule, newest first, with who made it and whose quota it was. */
export function listRuleChanges(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('ruleChanges')
    .leftJoin('users as actor', 'actor.id', 'ruleChanges.byId')
    .leftJoin('users as member', 'member.id', 'ruleChanges.memberId')
    .selectAll('ruleChanges')
    .select(['actor.name as byName', 'member.name as memberName', 'member.hidden as memberHidden'])
    .orderBy('ruleChanges.id', 'desc')
    .limit(limit)
    .execute();
}
