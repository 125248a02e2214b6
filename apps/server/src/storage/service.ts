import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { StorageBudget } from '../config.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import { bytesStored, bytesStoredPerOwner, deleteFileRow, findFile, upsertFile, type FileRow } from './repository.ts';

/**
 * Every uploaded file (profile photos, receipts, …) lives in the database's
 * `files` table, so any number of server processes on one PostgreSQL serve
 * it and a backup of the database is a backup of everything.
 *
 *   const key = contentKey('receipts', expenseId, bytes, 'jpg'); // new bytes, new key
 *   await lockFilesForWrite(trx); // first in the transaction (db/locks.ts)
 *   await deleteFile(trx, oldKey); // what it replaces no longer counts
 *   await putUpload(trx, { key, contentType: 'image/jpeg', bytes }, userId, ctx.config.storage, ctx.now());
 *   url = versionedUrl(`/api/expenses/${expenseId}/receipt`, key);
 *   sendFile(reply, await getFile(ctx.db, key)); // 404 when missing, cached for a year
 *
 * Keys are the caller's: a folder, then a name that changes when the bytes do,
 * which is what lets the served URL be cached as immutable. Pass a transaction
 * as `db` to store a file together with the row that points at it.
 */
export const FILE_MAX_BYTES = 10 * 1024 * 1024;

export type StoredFile = FileRow;

interface NewFile {
  key: string;
  contentType: string;
  bytes: Buffer;
}

const MB = 1024 * 1024;

/** `<folder>/<owner>-<first 12 hex of the bytes' SHA-256>.<extension>` */
export function contentKey(folder: string, owner: string, bytes: Buffer, extension: string): string {
  const version = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
  return `${folder}/${owner}-${version}.${extension}`;
}

/** Stores a file as it is, counted for `ownerId` when given; uploads of members go through putUpload. */
export async function putFile(db: Db, file: NewFile & { ownerId?: string | null }, now: Date): Promise<void> {
  if (file.bytes.length > FILE_MAX_BYTES) {
    throw new AppError(413, 'BODY_TOO_LARGE', `Files may have at most ${FILE_MAX_BYTES / MB} MB`);
  }
  await upsertFile(db, { ...file, ownerId: file.ownerId ?? null, size: file.bytes.length, createdAt: now.toISOString() });
}

const storageFull = (code: 'STORAGE_FULL' | 'HOUSE_STORAGE_FULL', used: number, budget: number) =>
  new AppError(409, code, `${code === 'STORAGE_FULL' ? 'Your' : "The house's"} files take ${Math.round(used / MB)} of ${budget / MB} MB`, undefined, undefined, {
    usedMb: Math.round(used / MB),
    budgetMb: budget / MB,
  });

/**
 * Stores a member's upload if it fits their budget and the house's, else 409
 * STORAGE_FULL or HOUSE_STORAGE_FULL and nothing changes. Call it inside the
 * transaction that took lockFilesForWrite first and deleted what the upload
 * replaces, so two uploads at once cannot both pass and a replaced file no
 * longer counts.
 */
export async function putUpload(db: Db, file: NewFile, ownerId: string, budget: StorageBudget, now: Date): Promise<void> {
  // The same bytes sent again replace themselves.
  await deleteFileRow(db, file.key);
  const size = file.bytes.length;
  const member = await bytesStored(db, ownerId);
  if (member + size > budget.perMemberBytes) throw storageFull('STORAGE_FULL', member, budget.perMemberBytes);
  const house = await bytesStored(db);
  if (house + size > budget.perHouseBytes) throw storageFull('HOUSE_STORAGE_FULL', house, budget.perHouseBytes);
  await putFile(db, { ...file, ownerId }, now);
}

/** What is stored: in all, and per owner (the house's own files under null). */
export async function storageUsed(db: Db): Promise<{ houseBytes: number; perOwner: { ownerId: string | null; bytes: number }[] }> {
  const perOwner = await bytesStoredPerOwner(db);
  return { houseBytes: perOwner.reduce((sum, owner) => sum + owner.bytes, 0), perOwner };
}

export function getFile(db: Db, key: string): Promise<StoredFile | undefined> {
  return findFile(db, key);
}

export async function deleteFile(db: Db, key: string): Promise<void> {
  await deleteFileRow(db, key);
}

/** The address of a stored file: its name in `?v=` changes with the bytes, so caches never go stale. */
export function versionedUrl(path: string, key: string): string {
  return `${path}?v=${encodeURIComponent(key.slice(key.lastIndexOf('/') + 1))}`;
}

/** Sends a stored file, cached by the browser for a year (members only, so never by shared caches). */
export function sendFile(reply: FastifyReply, file: StoredFile | undefined, what = 'File'): FastifyReply {
  if (!file) throw new AppError(404, 'NOT_FOUND', `${what} not found`);
  return reply
    .header('content-type', file.contentType)
    .header('cache-control', 'private, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .send(file.bytes);
}
