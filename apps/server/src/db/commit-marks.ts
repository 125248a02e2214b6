import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  InsertQueryNode,
  PrimitiveValueListNode,
  ValueNode,
  ValuesNode,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * A row that every write of a request marks in the same transaction as the write itself: an
 * Idempotency-Key's claim says "applied" from the moment the change is durable, so a process
 * that dies before storing the answer cannot leave a claim that a resend would run again.
 * It works below the repositories, on the connection, so no route has to remember it.
 */
export interface CommitMark {
  /** Cleared once the request's answer is out: work it left running marks nothing more. */
  active: boolean;
  /** The id of the first row the request inserted, if any: what a resend can be told. */
  createdId: string | null;
  /** Tables whose writes are bookkeeping (limits, the claim itself), not the request's change. */
  readonly ignores: ReadonlySet<string>;
  /** The statement that marks, run on the writing connection just before its commit. */
  readonly statement: (mark: CommitMark) => CompiledQuery;
  /** Thrown, and the write undone, when the statement changed no row: the mark is not ours any more. */
  readonly lost: () => Error;
}

const marks = new AsyncLocalStorage<CommitMark>();

/** Runs `fn` (and everything it starts) with `mark` left by each write it commits. */
export function runWithCommitMark<T>(mark: CommitMark, fn: () => T): T {
  return marks.run(mark, fn);
}

// Kysely writes `insert into "t"`, `update "t"`, `delete from "t"`; raw SQL in db/ does the same.
const WRITE = /^\s*(?:insert\s+(?:or\s+\w+\s+)?into|replace\s+into|update|delete\s+from|merge\s+into)\s+"?(\w+)/i;

function insertedId(query: CompiledQuery): string | null {
  const node = query.query;
  if (!InsertQueryNode.is(node) || !node.columns || !node.values || !ValuesNode.is(node.values)) return null;
  const index = node.columns.findIndex((column) => column.column.name === 'id');
  const row = node.values.values[0];
  if (index < 0 || !row) return null;
  const value = PrimitiveValueListNode.is(row) ? row.values[index] : row.values[index] && ValueNode.is(row.values[index]) ? row.values[index].value : null;
  return typeof value === 'string' ? value : null;
}

const BEGIN = CompiledQuery.raw('begin');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');

class MarkingConnection implements DatabaseConnection {
  inTransaction = false;
  /** The mark a write inside the open transaction asked for, left at its commit. */
  pending: CommitMark | null = null;
  /** The first row that transaction inserted, told to the mark only if it commits. */
  createdId: string | null = null;

  constructor(readonly inner: DatabaseConnection) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const mark = marks.getStore();
    const table = mark?.active ? WRITE.exec(query.sql)?.[1] : undefined;
    if (!mark || !table || mark.ignores.has(table)) return this.inner.executeQuery<R>(query);
    if (this.inTransaction) {
      const result = await this.inner.executeQuery<R>(query);
      this.pending = mark;
      this.createdId ??= insertedId(query);
      return result;
    }
    // A write on its own commits at once: it becomes a transaction of two, the write and its mark.
    await this.inner.executeQuery(BEGIN);
    try {
      const result = await this.inner.executeQuery<R>(query);
      mark.createdId ??= insertedId(query);
      await this.leave(mark);
      await this.inner.executeQuery(COMMIT);
      return result;
    } catch (error) {
      await this.inner.executeQuery(ROLLBACK).catch(() => undefined);
      throw error;
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }

  reset(): void {
    this.pending = null;
    this.createdId = null;
  }

  async leave(mark: CommitMark): Promise<void> {
    if (this.inTransaction) mark.createdId ??= this.createdId;
    const result = await this.inner.executeQuery(mark.statement(mark));
    if (result.numAffectedRows === 0n) throw mark.lost();
  }
}

class MarkingDriver implements Driver {
  readonly #connections = new WeakMap<DatabaseConnection, MarkingConnection>();

  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await this.inner.acquireConnection();
    let connection = this.#connections.get(inner);
    if (!connection) {
      connection = new MarkingConnection(inner);
      this.#connections.set(inner, connection);
    }
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const marking = connection as MarkingConnection;
    await this.inner.beginTransaction(marking.inner, settings);
    marking.inTransaction = true;
    marking.reset();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const marking = connection as MarkingConnection;
    // A failing mark throws before the commit: Kysely then rolls the transaction back.
    if (marking.pending?.active) await marking.leave(marking.pending);
    await this.inner.commitTransaction(marking.inner);
    marking.inTransaction = false;
    marking.reset();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const marking = connection as MarkingConnection;
    marking.inTransaction = false;
    marking.reset();
    await this.inner.rollbackTransaction(marking.inner);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection((connection as MarkingConnection).inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** The dialect with every connection able to leave commit marks. */
export function withCommitMarks(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new MarkingDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
