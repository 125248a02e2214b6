import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { bookingPath, notificationKindSchema, type IsoDate, type NotificationKind } from '@rustico/core';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { getSetting, putSettingIfAbsent } from '../db/settings.ts';

/** Where people reach the app, for the links in emails. */
export function publicBaseUrl(config: Config): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}

/** A booking in the app: the calendar on its month, with its detail open. */
export function bookingUrl(config: Config, booking: { id: string; start: IsoDate }): string {
  return `${publicBaseUrl(config)}${bookingPath(booking)}`;
}

/** Gestione › Registra with this stay chosen (the web's `?booking=`): its check-in, check-out or payment. */
export function registerPath(bookingId: string): string {
  return `/app/gestione?booking=${encodeURIComponent(bookingId)}`;
}

/**
 * Makes the addresses of a house text absolute for an email, which has no page to resolve them
 * against: `/app/…` under PUBLIC_URL (which may have a path of its own), a relative one as on
 * `pagePath`, where the app shows the text; a full address (https:, mailto:) stays as it is.
 */
export function absoluteUrls(config: Config, pagePath: string): (url: string) => string {
  const base = publicBaseUrl(config);
  return (url) => {
    if (/^[a-z][a-z\d+.-]*:/i.test(url)) return url;
    if (url.startsWith('/') && !url.startsWith('//')) return `${base}${url}`;
    return new URL(url, `${base}${pagePath}`).href;
  };
}

const SIGNING_KEY = 'mail_signing_key';

/** The key that signs unsubscribe links, made once and shared by every process. */
async function signingKey(db: Db): Promise<Buffer> {
  if (!(await getSetting(db, SIGNING_KEY))) await putSettingIfAbsent(db, SIGNING_KEY, randomBytes(32).toString('base64url'));
  return Buffer.from((await getSetting(db, SIGNING_KEY))!, 'base64url');
}

const signatureOf = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** A token naming a member and a kind of message, signed so it works without logging in. */
export async function unsubscribeToken(db: Db, userId: string, kind: NotificationKind): Promise<string> {
  const payload = Buffer.from(`${userId}:${kind}`).toString('base64url');
  return `${payload}.${signatureOf(await signingKey(db), payload)}`;
}

export async function readUnsubscribeToken(db: Db, token: string): Promise<{ userId: string; kind: NotificationKind } | null> {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(signatureOf(await signingKey(db), payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [userId, kind] = Buffer.from(payload, 'base64url').toString('utf8').split(':');
  const parsedKind = notificationKindSchema.safeParse(kind);
  return userId && parsedKind.success ? { userId, kind: parsedKind.data } : null;
}

export async function unsubscribeUrl(db: Db, config: Config, userId: string, kind: NotificationKind): Promise<string> {
  return `${publicBaseUrl(config)}/disiscrizione/${await unsubscribeToken(db, userId, kind)}`;
}
