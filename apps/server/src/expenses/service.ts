import { randomUUID } from 'node:crypto';
import {
  canEditExpense,
  expenseAmount,
  expenseDateTooFar,
  isAdmin,
  receiptReference,
  todayIn,
  type Expense,
  type Change,
  type ChangeAction,
  type ExpenseInput,
  type ExpenseUpdate,
  type SessionUser,
} from '@rustico/core';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { historyOf, lastChange, recordChange, type Fields } from '../history/service.ts';
import { AppError, forbidden, notFound, staleEdit } from '../http/errors.ts';
import { encodeReceipt } from './receipt-encoding.ts';
import { lockFilesForWrite, lockRowForWrite } from '../db/locks.ts';
import { contentKey, deleteFile, getFile, putUpload, versionedUrl } from '../storage/service.ts';
import {
  deleteExpense as deleteExpenseRow,
  findExpense,
  insertExpense,
  listExpenses as listExpenseRows,
  memberExists,
  updateExpense as updateExpenseRow,
  type ExpenseRow,
} from './repository.ts';

// What other features read and write of expenses goes through here, not its repository.
export { findExpense, insertExpense } from './repository.ts';

/** A photo receipt's thumbnail is stored beside it, under a name derived from the receipt's. */
const thumbnailKey = (receiptKey: string) => `${receiptKey}.thumbnail.webp`;

async function deleteReceiptFiles(db: Kysely<Database>, receiptKey: string | null): Promise<void> {
  if (!receiptKey) return;
  await deleteFile(db, receiptKey);
  await deleteFile(db, thumbnailKey(receiptKey));
}

export function toExpense(row: ExpenseRow): Expense {
  const base = `/api/expenses/${encodeURIComponent(row.id)}/receipt`;
  return {
    id: row.id,
    date: row.date,
    amountCentimes: row.amountCentimes,
    category: row.category,
    description: row.description,
    paidById: row.paidById,
    paidByName: row.paidByName,
    recurring: row.recurring === 1,
    verified: row.verified === 1,
    authorId: row.authorId,
    authorName: row.authorName,
    receipt:
      row.receiptKind && row.receiptKey
        ? {
            kind: row.receiptKind,
            reference: receiptReference(row.id),
            url: versionedUrl(base, row.receiptKey),
            thumbnailUrl: row.receiptKind === 'image' ? versionedUrl(`${base}/thumbnail`, row.receiptKey) : null,
          }
        : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  };
}

export async function listExpenses(ctx: AppContext, year?: number): Promise<Expense[]> {
  return (await listExpenseRows(ctx.db, year)).map(toExpense);
}

/** The checks every write shares: the date not too far ahead, a known member; a member records only what they paid. */
async function checkInput(ctx: AppContext, db: Kysely<Database>, user: SessionUser, input: ExpenseInput, authorId: string): Promise<void> {
  if (expenseDateTooFar(input.date, todayIn(ctx.config.houseTimeZone, ctx.now()))) {
    throw new AppError(400, 'DATE_TOO_FAR', 'An expense can be dated at most a year ahead', 'date');
  }
  if (input.paidById !== null && !(await memberExists(db, input.paidById))) {
    throw new AppError(400, 'UNKNOWN_MEMBER', 'No such member', 'paidById');
  }
  if (!isAdmin(user.role) && input.paidById !== authorId) {
    throw new AppError(403, 'FORBIDDEN', 'Members record the expenses they paid themselves', 'paidById');
  }
}

/** What the history keeps of an expense (the migration that moved the old history in names the same). */
function expenseFields(row: ExpenseRow): Fields {
  return {
    date: row.date,
    amountCentimes: row.amountCentimes,
    category: row.category,
    description: row.description,
    paidBy: row.paidByName,
    recurring: row.recurring === 1,
    verified: row.verified === 1,
    receipt: row.receiptKind,
  };
}

/** Keeps the change in the history, in the change's transaction; the expense as it is after it (before, when deleted). */
async function recordExpenseChange(ctx: AppContext, trx: Kysely<Database>, user: SessionUser, id: string, action: ChangeAction, before: ExpenseRow | null): Promise<ExpenseRow> {
  const after = action === 'deleted' ? null : (await findExpense(trx, id))!;
  const row = (after ?? before)!;
  await recordChange(trx, {
    subject: 'expense',
    subjectId: id,
    ownerId: row.authorId,
    action,
    byId: user.id,
    at: ctx.now(),
    label: row.description,
    before: before && expenseFields(before),
    after: after && expenseFields(after),
  });
  return row;
}

/** An edit made on a version that is no longer current changes nothing: the editor is shown what changed (409 STALE_EDIT). */
async function assertCurrent(trx: Kysely<Database>, current: ExpenseRow, expectedVersion: number | undefined): Promise<void> {
  if (expectedVersion === undefined || current.version === expectedVersion) return;
  throw staleEdit(toExpense(current), await lastChange(trx, 'expense', current.id));
}

function announce(ctx: AppContext, id: string) {
  ctx.events.publish({ type: 'money', action: 'updated', id }, null);
}

export async function createExpense(ctx: AppContext, user: SessionUser, input: ExpenseInput): Promise<Expense> {
  const id = randomUUID();
  const row = await ctx.db.transaction().execute(async (trx) => {
    await checkInput(ctx, trx, user, input, user.id);
    const at = ctx.now().toISOString();
    await insertExpense(trx, {
      id,
      date: input.date,
      amountCentimes: expenseAmount(input.amountCentimes),
      category: input.category,
      description: input.description,
      paidById: input.paidById,
      recurring: input.recurring ? 1 : 0,
      verified: 0,
      authorId: user.id,
      receiptKind: null,
      receiptKey: null,
      createdAt: at,
      updatedAt: at,
    });
    return recordExpenseChange(ctx, trx, user, id, 'created', null);
  });
  announce(ctx, id);
  return toExpense(row);
}

/** The expense if the user may change it; 404 when it does not exist, 403 when it is not theirs or verified. */
async function editable(db: Kysely<Database>, user: SessionUser, id: string): Promise<ExpenseRow> {
  const row = await findExpense(db, id);
  if (!row) throw notFound('Expense');
  if (!canEditExpense(user, { authorId: row.authorId, verified: row.verified === 1 })) throw forbidden();
  return row;
}

/** A member's change applies only while the expense is unverified; admins may change any and verify it. */
export async function updateExpense(ctx: AppContext, user: SessionUser, id: string, input: ExpenseUpdate, expectedVersion?: number): Promise<Expense> {
  const admin = isAdmin(user.role);
  if (input.verified !== undefined && !admin) throw forbidden();
  const row = await ctx.db.transaction().execute(async (trx) => {
    await lockRowForWrite(trx, 'expenses', id);
    const current = await editable(trx, user, id);
    await assertCurrent(trx, current, expectedVersion);
    await checkInput(ctx, trx, user, input, current.authorId);
    const verified = input.verified === undefined ? current.verified : input.verified ? 1 : 0;
    const changed = await updateExpenseRow(
      trx,
      id,
      {
        date: input.date,
        amountCentimes: expenseAmount(input.amountCentimes),
        category: input.category,
        description: input.description,
        paidById: input.paidById,
        recurring: input.recurring ? 1 : 0,
        verified,
        updatedAt: ctx.now().toISOString(),
      },
      !admin,
    );
    // An admin verified it between our read and our write.
    if (!changed) throw forbidden();
    return recordExpenseChange(ctx, trx, user, id, verified === 1 && current.verified === 0 ? 'verified' : 'updated', current);
  });
  announce(ctx, id);
  return toExpense(row);
}

export async function removeExpense(ctx: AppContext, user: SessionUser, id: string, expectedVersion?: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    // Its receipt goes too: file writers take the files lock first, always in the same order.
    await lockFilesForWrite(trx);
    await lockRowForWrite(trx, 'expenses', id);
    const current = await editable(trx, user, id);
    await assertCurrent(trx, current, expectedVersion);
    if (!(await deleteExpenseRow(trx, id, !isAdmin(user.role)))) throw forbidden();
    await recordExpenseChange(ctx, trx, user, id, 'deleted', current);
    await deleteReceiptFiles(trx, current.receiptKey);
  });
  announce(ctx, id);
}

/**
 * Stores a new receipt (re-encoded photo or checked PDF) and points the expense at it. It counts
 * against the uploader's storage budget and the house's; the receipt it replaces no longer does.
 */
export async function setReceipt(ctx: AppContext, user: SessionUser, id: string, upload: Buffer): Promise<Expense> {
  await editable(ctx.db, user, id);
  const receipt = await encodeReceipt(upload);
  const key = contentKey('receipts', id, receipt.file.bytes, receipt.extension);
  const row = await ctx.db.transaction().execute(async (trx) => {
    await lockFilesForWrite(trx);
    const current = await editable(trx, user, id);
    const now = ctx.now();
    await deleteReceiptFiles(trx, current.receiptKey);
    await putUpload(trx, { key, ...receipt.file }, user.id, ctx.config.storage, now);
    if (receipt.thumbnail) await putUpload(trx, { key: thumbnailKey(key), ...receipt.thumbnail }, user.id, ctx.config.storage, now);
    if (!(await updateExpenseRow(trx, id, { receiptKind: receipt.kind, receiptKey: key, updatedAt: now.toISOString() }, !isAdmin(user.role)))) throw forbidden();
    return recordExpenseChange(ctx, trx, user, id, 'receipt', current);
  });
  announce(ctx, id);
  return toExpense(row);
}

export async function readReceipt(ctx: AppContext, id: string, thumbnail: boolean) {
  const row = await findExpense(ctx.db, id);
  if (!row?.receiptKey) throw notFound('Receipt');
  const file = await getFile(ctx.db, thumbnail ? thumbnailKey(row.receiptKey) : row.receiptKey);
  return { file, fileName: `${receiptReference(id)}.${row.receiptKind === 'pdf' ? 'pdf' : 'webp'}` };
}

export async function expenseHistory(ctx: AppContext, viewer: SessionUser, id: string): Promise<Change[]> {
  const changes = await historyOf(ctx, viewer, 'expense', id);
  if (changes.length === 0) throw notFound('Expense');
  return changes;
}
