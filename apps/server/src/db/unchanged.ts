import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { prepared } from './prepared.ts';

const listsVersion = prepared((db) => db.selectFrom('listsVersion').select('version').where('id', '=', 1));

/** Freezes a built answer all the way down: a cached answer is shared by every request that reads it. */
function deepFreeze<Value>(value: Value): Value {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

interface Entry<Value> {
  version: number;
  value: Value;
}

/**
 * Answers built from the tables that the lists' version watches (bookings, notes, reactions,
 * members: migration 2026-11-26-1001-lists-version), kept in this process while that version
 * stays the same. Triggers bump the version in the transaction of every change, so each process
 * sharing a database sees a change at its next request and builds the answer again; reading the
 * version first means an answer built while a change commits is kept under the older version
 * and is never taken for the newer one.
 *
 * A page of a long history costs its rows (some 5 µs each, out of SQLite, into objects, into
 * JSON); unchanged, it costs one read of the version. The answer comes back frozen, so the
 * serializer writes it once (http/serializer.ts). The key must hold everything the answer
 * depends on besides those tables (the viewer, the filters); who may ask is checked before.
 */
export function whileUnchanged<Value>(capacity: number) {
  const caches = new WeakMap<Kysely<Database>, Map<string, Entry<Value>>>();
  return async (db: Kysely<Database>, key: string, build: () => Promise<Value>): Promise<Value> => {
    const [row] = await listsVersion(db);
    const version = row!.version;
    let cache = caches.get(db);
    if (!cache) caches.set(db, (cache = new Map()));
    const kept = cache.get(key);
    cache.delete(key);
    const entry = kept && kept.version === version ? kept : { version, value: deepFreeze(await build()) };
    // Oldest use first in the map's order, so the first key is the one to forget.
    cache.set(key, entry);
    if (cache.size > capacity) cache.delete(cache.keys().next().value!);
    return entry.value;
  };
}
