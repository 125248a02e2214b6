import { randomBytes } from 'node:crypto';
import { isSuperadmin, type AddedMember, type Member, type MemberUpdate, type NewMember, type SessionUser, type StorageStatistics } from '@rustico/core';
import { hashPassword } from '../users/passwords.ts';
import type { AppContext } from '../context.ts';
import { lockRowForWrite } from '../db/locks.ts';
import type { Db } from '../db/database.ts';
import { AppError, notFound, staleEdit } from '../http/errors.ts';
import { sendInvitation } from '../password-links/service.ts';
import { countPasskeysOf, passkeyCounts, removeMemberPasskeys } from '../passkeys/service.ts';
import { storageUsed } from '../storage/service.ts';
import {
  countOtherActiveSuperadmins,
  createUser,
  findUserById,
  listUsers,
  memberFields,
  recordMemberChange,
  replacePasswordHash,
  revokeCredentials,
  toSessionUser,
  updateUser,
  type UserRow,
} from '../users/service.ts';
import { lastChange } from '../history/service.ts';

export function toMember(row: UserRow, passkeys: number): Member {
  return { ...toSessionUser(row), disabled: row.disabled === 1, lastSeenAt: row.lastSeenAt, passkeys };
}

/** One member as the people who run the house see them, with their passkeys counted. */
async function memberOf(ctx: AppContext, row: UserRow): Promise<Member> {
  return toMember(row, await countPasskeysOf(ctx.db, row.id));
}

/**
 * Everyone the viewer may see: a hidden account appears to hidden accounts,
 * itself, and superadmins, who manage it (and may un-hide it).
 */
export async function listMembers(ctx: AppContext, viewer: SessionUser): Promise<Member[]> {
  const [rows, passkeys] = await Promise.all([listUsers(ctx.db), passkeyCounts(ctx.db)]);
  const seesHidden = viewer.hidden || isSuperadmin(viewer.role);
  return rows.filter((row) => seesHidden || row.hidden === 0 || row.id === viewer.id).map((row) => toMember(row, passkeys.get(row.id) ?? 0));
}

/** What the members' uploads keep stored against their budgets, per member the viewer may see. */
export async function storageStatistics(ctx: AppContext, viewer: SessionUser): Promise<StorageStatistics> {
  const [{ houseBytes, perOwner }, members] = await Promise.all([storageUsed(ctx.db), listMembers(ctx, viewer)]);
  const bytesOf = new Map(perOwner.map((owner) => [owner.ownerId, owner.bytes]));
  return {
    houseBytes,
    houseBudgetBytes: ctx.config.storage.perHouseBytes,
    memberBudgetBytes: ctx.config.storage.perMemberBytes,
    members: members
      .map((member) => ({ memberId: member.id, name: member.name, colour: member.colour, bytes: bytesOf.get(member.id) ?? 0 }))
      .filter((member) => member.bytes > 0)
      .sort((a, b) => b.bytes - a.bytes || a.name.localeCompare(b.name)),
  };
}

// No 0/O or 1/l/I: the password is read out or typed from a phone screen.
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A one-time password in three groups of four, ~60 bits. */
export function generatePassword(): string {
  const bytes = randomBytes(12);
  const chars = [...bytes].map((b) => PASSWORD_ALPHABET[b % PASSWORD_ALPHABET.length]);
  return [0, 4, 8].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

export async function addMember(ctx: AppContext, admin: SessionUser, input: NewMember): Promise<AddedMember> {
  const { invite, ...member } = input;
  if (invite && !ctx.mailer.enabled) throw new AppError(409, 'MAIL_DISABLED', 'This house sends no email: give the member a password instead', 'invite');
  // Invited, no password until they choose one with the emailed link.
  const password = invite ? null : generatePassword();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const created = await createUser(ctx, { ...member, password }, trx);
    await recordMemberChange(trx, { row: created, action: 'created', byId: admin.id, at: ctx.now(), before: null, after: memberFields(created) });
    return created;
  });
  if (invite) {
    await sendInvitation(ctx, row);
    return { invited: true, user: toMember(row, 0) };
  }
  return { invited: false, user: toMember(row, 0), password: password! };
}

/** An edit made on a version that is no longer current changes nothing (409 STALE_EDIT with the member as they are). */
async function assertCurrent(trx: Db, current: UserRow, expectedVersion: number | undefined): Promise<void> {
  if (expectedVersion === undefined || current.version === expectedVersion) return;
  throw staleEdit(toMember(current, 0), await lastChange(trx, 'member', current.id));
}

/** Name, role, colour, hidden or disabled; the last superadmin always stays one and stays in. */
export async function updateMember(ctx: AppContext, admin: SessionUser, id: string, changes: MemberUpdate, expectedVersion?: number): Promise<Member> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    await lockRowForWrite(trx, 'users', id);
    const current = await findUserById(trx, id);
    if (!current) throw notFound('User');
    await assertCurrent(trx, current, expectedVersion);
    const losesSuperadmin = isSuperadmin(current.role) && ((changes.role && changes.role !== 'superadmin') || changes.disabled === true);
    if (losesSuperadmin && (await countOtherActiveSuperadmins(trx, id)) === 0) {
      throw new AppError(409, 'LAST_SUPERADMIN', 'The house needs at least one superadmin who can log in');
    }
    await updateUser(trx, id, {
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.role !== undefined ? { role: changes.role } : {}),
      ...(changes.colour !== undefined ? { colour: changes.colour } : {}),
      ...(changes.hidden !== undefined ? { hidden: changes.hidden ? 1 : 0 } : {}),
      ...(changes.disabled !== undefined ? { disabled: changes.disabled ? 1 : 0 } : {}),
    });
    // A disabled member is out at once: sessions gone (open tabs are cut off below). Enabled
    // again, they ask for a new link: the ones sent before stay dead. Their history stays.
    if (changes.disabled) await revokeCredentials(trx, id, ctx.now());
    const updated = (await findUserById(trx, id))!;
    await recordMemberChange(trx, { row: updated, action: 'updated', byId: admin.id, at: ctx.now(), before: memberFields(current), after: memberFields(updated) });
    return updated;
  });
  if (changes.disabled) ctx.events.disconnect(id);
  ctx.events.publish({ type: 'user', action: 'updated', id }, { ownerId: id, ownerHidden: row.hidden === 1 });
  return memberOf(ctx, row);
}

export async function resetMemberPassword(ctx: AppContext, admin: SessionUser, id: string): Promise<{ user: Member; password: string }> {
  const row = await findUserById(ctx.db, id);
  if (!row) throw notFound('User');
  const password = generatePassword();
  const passwordHash = await hashPassword(password, ctx.config.passwordHash);
  await ctx.db.transaction().execute(async (trx) => {
    // The private calendar address ends with the old password.
    await updateUser(trx, id, { calendarToken: null });
    await replacePasswordHash(trx, id, passwordHash, ctx.now());
    await recordMemberChange(trx, { row, action: 'password', byId: admin.id, at: ctx.now(), before: null, after: null });
  });
  ctx.events.disconnect(id);
  return { user: await memberOf(ctx, row), password };
}

/** Gives back a used weekend voucher. */
export async function restoreVoucher(ctx: AppContext, admin: SessionUser, id: string): Promise<Member> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await findUserById(trx, id);
    if (!current) throw notFound('User');
    await updateUser(trx, id, { giftUsed: 0 });
    await recordMemberChange(trx, { row: current, action: 'voucher', byId: admin.id, at: ctx.now(), before: { voucherUsed: current.giftUsed === 1 }, after: { voucherUsed: false } });
    return (await findUserById(trx, id))!;
  });
  return memberOf(ctx, row);
}

/** Removes every passkey of a member (a lost phone): the sessions signed in with them end. */
export async function removePasskeysOf(ctx: AppContext, id: string): Promise<Member> {
  const row = await findUserById(ctx.db, id);
  if (!row) throw notFound('User');
  await removeMemberPasskeys(ctx, id);
  ctx.events.publish({ type: 'user', action: 'updated', id }, { ownerId: id, ownerHidden: row.hidden === 1 });
  return toMember(row, 0);
}
