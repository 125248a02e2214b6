import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * Two versions of better-sqlite3, with the same API (13 only where npm installs it: Node 22+); this loads the one that works
 * on this Node. 12 wraps its statements in Node's old ObjectWrap, whose destructor aborts Node
 * 24.19+ when a statement is garbage-collected outside a context (nodejs/node#65446): a running
 * server, the CLI and test workers died of it. 13 (installed as better-sqlite3-napi) is built on
 * Node-API 10, which Node 20 and Node 22 before 22.14 lack: there it crashes on the first query,
 * so they keep 12. Node's node:sqlite is not in Node 20 and has another API.
 */
const driver = Number(process.versions.napi) >= 10 ? 'better-sqlite3-napi' : 'better-sqlite3';

export const SqliteDatabase = createRequire(import.meta.url)(driver) as typeof BetterSqlite3;
export type SqliteDatabase = BetterSqlite3.Database;
export type SqliteStatement = BetterSqlite3.Statement;
