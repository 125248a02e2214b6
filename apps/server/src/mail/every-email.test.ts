import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { instantOfLocal, noticeKinds } from '@rustico/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertBooking } from '../bookings/service.ts';
import { loadConfig } from '../config.ts';
import { jobSchema, type Job } from '../deliveries/jobs.ts';
import { claimAndDeliver } from '../deliveries/service.ts';
import { insertNotice } from '../notices/service.ts';
import { setNotificationChoices } from '../notifications/service.ts';
import { sendInvitation } from '../password-links/service.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { createUser, findUserById } from '../users/service.ts';
import { bookingUrl } from './links.ts';
import type { MailMessage } from './mailer.ts';
import { sendTestMail } from './test-mail.ts';

/*
 * Every kind of email the house sends, rendered as it goes out (composeMail, the unsubscribe link
 * included) with a PUBLIC_URL that has a path of its own: each link must be absolute and lead
 * there, and no plain-text part may show Markdown. The jobs are those deliveries' schema knows, so
 * a kind added there (or a reminder, a notice, a booking change) fails here until it has a sample.
 * Rendering does not depend on the database: SQLite only.
 */

const PUBLIC_URL = 'https://casa.example/rustico';
const ZONE = 'Europe/Zurich';

/** Markdown the house might write: every kind of link and mark a guide or the letter could hold. */
const GUIDE_EXTRA = `

> Nota **bene**: la [guida all'acqua](acqua), il [quadro](#quadro) e ![il contatore](/api/files/contatore.webp).

1. Primo *passo*
   - [Camino](/app/tutorial/camino_e_stufe) e __stufa__
2. \`codice\` e <anna@example.ch>

| Dove | Cosa |
|---|---|
| [Cantina](/app/tutorial/arrivo#cantina) | il quadro |

---
`;
const LETTER_EXTRA = '\n- [Le pulizie](/app/tutorial/partenza) si fanno *prima* di partire.\n';

const atTheHouse = (url: string) => url === PUBLIC_URL || url.startsWith(`${PUBLIC_URL}/`);

const MARKDOWN_IN_TEXT: [string, RegExp][] = [
  ['a heading', /^\s*#{1,6}\s/m],
  ['strong emphasis', /\*\*|__/],
  ['emphasis', /(^|\s)[*_][^\s*_][^*_\n]*[*_](\s|[.,:;!?]|$)/m],
  ['a link', /\]\(/],
  ['a picture', /!\[/],
  ['a list item that is a link', /^\s*[-*+] \[/m],
  ['inline code', /`/],
  ['a quote', /^\s*>/m],
  ['a table row', /^\s*\|/m],
];

interface Sample {
  to: 'anna' | 'bruno';
  job: Job;
  /** A moment on the house's clock the job is due at. */
  at: string;
  what: string;
}

describe('every email the house sends', () => {
  let t: TestApp;
  let content: string;
  const sent: MailMessage[] = [];
  const ids = { anna: '', bruno: '', stay: '', paidLater: '', task: '' };

  beforeAll(async () => {
    // The house's own texts, with more Markdown than the repository's (which has every guide).
    content = fs.mkdtempSync(path.join(os.tmpdir(), 'rustico-every-email-'));
    fs.cpSync(loadConfig({}).contentDir, content, { recursive: true });
    fs.appendFileSync(path.join(content, 'tutorials/arrivo.md'), GUIDE_EXTRA);
    fs.appendFileSync(path.join(content, 'welcome.md'), LETTER_EXTRA);
    // The SMTP server is never reached: the messages are caught as composed.
    t = await startTestApp('sqlite', { SMTP_URL: 'smtp://127.0.0.1:9', PUBLIC_URL, CONTENT_DIR: content, HOUSE_TIME_ZONE: ZONE });
    vi.spyOn(t.ctx.mailer, 'send').mockImplementation(async (message) => {
      sent.push(message);
    });
    const email = { bookings: 'email', notes: 'email', reminders: 'email', fairness: 'email' } as const;
    ids.anna = (await createUser(t.ctx, { email: 'anna@example.ch', name: 'Anna', password: null, role: 'member' })).id;
    ids.bruno = (await createUser(t.ctx, { email: 'bruno@example.ch', name: 'Bruno', password: null, role: 'admin' })).id;
    for (const id of [ids.anna, ids.bruno]) await setNotificationChoices(t.ctx, id, email);
    const stay = { userId: ids.anna, purpose: 'personal' as const, createdBy: null, kwhUsed: null, paymentMethod: null, paidAt: null, createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z' };
    ids.stay = randomUUID();
    await insertBooking(t.ctx.db, { ...stay, id: ids.stay, startDate: '2027-03-10', endDate: '2027-03-13', costCentimes: 15000, checkedIn: 0, checkedOut: 0, paid: 0 });
    ids.paidLater = randomUUID();
    await insertBooking(t.ctx.db, { ...stay, id: ids.paidLater, startDate: '2027-02-05', endDate: '2027-02-07', costCentimes: 18250, checkedIn: 1, checkedOut: 1, paid: 0 });
    await t.ctx.db.insertInto('backups').values({ day: '2027-01-05', status: 'failed', claimedAt: '2027-01-05T02:00:00.000Z', finishedAt: '2027-01-05T02:00:01.000Z', file: null, bytes: null, error: 'SQLITE_FULL: database or disk is full' }).execute();
    ids.task = randomUUID();
    await t.ctx.db.insertInto('tasks').values({ id: ids.task, title: 'Aprire l’acqua', note: null, yearly: 1, fromDate: '2027-04-01', toDate: '2027-04-30', assigneeId: null, authorId: ids.bruno, photoKey: null, doneAt: null, bookingId: null, createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z' }).execute();
    await t.ctx.db.insertInto('notes').values({ id: randomUUID(), userId: ids.anna, text: 'La legna è finita: ne porto io.', eventKind: null, eventDate: null, bookingId: null, createdAt: '2027-03-01T10:00:00.000Z' }).execute();
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t.close();
    fs.rmSync(content, { recursive: true, force: true });
  });

  /** A notice of each kind for Anna, as fair booking writes them. */
  const notice = async (kind: (typeof noticeKinds)[number]) => {
    const id = randomUUID();
    const payload = { bookingId: ids.stay, start: '2027-03-10', end: '2027-03-13', byName: 'Bruno', reason: 'A turno.', inFavourOfName: kind === 'request-declined' ? 'Carla' : null, endsAt: '2027-01-10T17:00:00.000Z' };
    await insertNotice(t.ctx.db, { id, key: `test:${id}`, userId: ids.anna, kind, payload: JSON.stringify(payload), createdAt: new Date().toISOString(), readAt: null });
    return id;
  };

  const anna = { actorName: 'Anna', ownerName: 'Anna', start: '2027-03-10', end: '2027-03-13' };

  /** Each job deliveries carries, with a moment it is due at; the type makes a new job type need one. */
  const samples = async (): Promise<{ [T in Job['type']]: (Sample & { job: Extract<Job, { type: T }> })[] }> => ({
    reminder: [
      { what: 'arrival-eve', to: 'anna', at: '2027-03-09T12:00', job: { type: 'reminder', reminder: 'arrival-eve', bookingId: ids.stay } },
      { what: 'checkin-missing', to: 'anna', at: '2027-03-10T19:00', job: { type: 'reminder', reminder: 'checkin-missing', bookingId: ids.stay } },
      { what: 'departure', to: 'anna', at: '2027-03-13T12:00', job: { type: 'reminder', reminder: 'departure', bookingId: ids.stay } },
      { what: 'unpaid', to: 'anna', at: '2027-02-10T12:00', job: { type: 'reminder', reminder: 'unpaid', bookingId: ids.paidLater } },
    ],
    'unpaid-summary': [{ what: 'unpaid-summary', to: 'bruno', at: '2027-02-15T12:00', job: { type: 'unpaid-summary', day: '2027-02-15' } }],
    // One change of each action alone, several merged, and the daily summary with a note, by email and by push.
    changes: [
      ...(['created', 'updated', 'deleted'] as const).map((action) => ({
        what: action,
        to: 'bruno' as const,
        at: '2027-01-05T12:00',
        job: { type: 'changes' as const, channel: 'email' as const, summary: false, items: [{ kind: 'bookings' as const, id: ids.stay, action, ...anna }] },
      })),
      { what: 'merged', to: 'bruno', at: '2027-01-05T12:00', job: { type: 'changes', channel: 'email', summary: false, items: [{ kind: 'bookings', id: ids.stay, action: 'updated', ...anna }, { kind: 'notes', id: 'n1', action: 'created', actorName: 'Anna', text: 'Legna finita, ne porto io sabato.' }] } },
      { what: 'summary', to: 'bruno', at: '2027-03-01T19:00', job: { type: 'changes', channel: 'email', summary: true, items: [{ kind: 'notes', id: 'n2', action: 'created', actorName: 'Anna', text: 'Manca il sale.' }, { kind: 'bookings', id: ids.paidLater, action: 'created', ...anna }] } },
    ],
    // A failed night's backup (its row says so) and none for 36 hours, to the admin.
    'backup-alert': [
      { what: 'backup-failed', to: 'bruno', at: '2027-01-05T04:00', job: { type: 'backup-alert', problem: 'failed', day: '2027-01-05', error: 'SQLITE_FULL: database or disk is full' } },
      { what: 'backup-missing', to: 'bruno', at: '2027-01-06T16:00', job: { type: 'backup-alert', problem: 'missing', day: 'never', error: null } },
    ],
    'task-overdue': [{ what: 'task-overdue', to: 'bruno', at: '2027-05-02T12:00', job: { type: 'task-overdue', taskId: ids.task } }],
    notice: await Promise.all(noticeKinds.map(async (kind) => ({ what: kind, to: 'anna' as const, at: '2027-01-05T12:00', job: { type: 'notice' as const, noticeId: await notice(kind) } }))),
  });

  /** Sends a job as deliveries does, through the renderers registered for it (parts.ts). */
  const deliver = async (sample: Sample) => {
    const user = (await findUserById(t.ctx.db, ids[sample.to]))!;
    const outcome = await claimAndDeliver(t.ctx, user, `every-email:${randomUUID()}`, sample.job, instantOfLocal(sample.at, ZONE)!);
    expect(outcome.result, `${sample.what}: ${outcome.reason ?? ''}`).toBe('sent');
    return sent.at(-1)!;
  };

  const expectWorksInAMailClient = (message: MailMessage, what: string) => {
    const urls = [...message.html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
    expect(urls.length, `${what}: links in the HTML`).toBeGreaterThan(0);
    for (const url of urls) if (!url.startsWith('mailto:')) expect(atTheHouse(url), `${what}: a link in the HTML: ${url}`).toBe(true);
    const textUrls = message.text.match(/\b[a-z][a-z\d+.-]*:\/\/[^\s)]+/gi) ?? [];
    expect(textUrls.length, `${what}: links in the text`).toBeGreaterThan(0);
    for (const url of textUrls) expect(atTheHouse(url), `${what}: a link in the text: ${url}`).toBe(true);
    // An address without its host (/app/…), which a mail client cannot follow.
    expect(message.text, `${what}: a relative address in the text`).not.toMatch(/(^|[\s(«"'])\/[a-z]/im);
    // Read without its addresses: a link's random token may hold `__` (about one reset link in a hundred).
    const prose = message.text.replace(/\b[a-z][a-z\d+.-]*:\/\/[^\s)]+/gi, '');
    for (const [name, pattern] of MARKDOWN_IN_TEXT) expect(prose, `${what}: ${name} in the text`).not.toMatch(pattern);
    if (message.unsubscribeUrl) expect(message.unsubscribeUrl.startsWith(`${PUBLIC_URL}/disiscrizione/`)).toBe(true);
  };

  it('has a sample of every job deliveries carries, and of every reminder, booking change and notice', async () => {
    const all = await samples();
    const types = jobSchema.options.map((option) => option.shape.type.value);
    expect(Object.keys(all).sort()).toEqual([...types].sort());
    const variantsOf = (type: Job['type'], field: string) => (jobSchema.options.find((option) => option.shape.type.value === type)!.shape as unknown as Record<string, { options: string[] }>)[field]!.options;
    expect(all.reminder.map((s) => s.what).sort()).toEqual([...variantsOf('reminder', 'reminder')].sort());
    expect(all.changes.map((s) => s.what)).toEqual(expect.arrayContaining(['created', 'updated', 'deleted', 'merged', 'summary']));
    expect(all.notice.map((s) => s.what).sort()).toEqual([...noticeKinds].sort());
  });

  it('links only to PUBLIC_URL, absolutely, with text parts that read as text', async () => {
    const all = await samples();
    for (const sample of Object.values(all).flat()) expectWorksInAMailClient(await deliver(sample), sample.what);

    // The password links, outside deliveries.
    const reset = await t.client().post('/api/password-reset', { email: 'anna@example.ch' });
    expect(reset.status).toBe(202);
    await t.ctx.tasks.idle();
    expectWorksInAMailClient(sent.at(-1)!, 'password reset');
    await sendInvitation(t.ctx, (await findUserById(t.ctx.db, ids.anna))!);
    await t.ctx.tasks.idle();
    expectWorksInAMailClient(sent.at(-1)!, 'invitation');
    await sendTestMail(t.ctx, 'postmaster@example.ch', 'it');
    expectWorksInAMailClient(sent.at(-1)!, 'test mail');
  });

  it("turns the guide's Markdown into text and its links into the house's addresses", async () => {
    const eve = await deliver((await samples()).reminder[0]!);
    expect(eve.text).toContain('\nAppena arrivati\n');
    expect(eve.text).toContain('2. Leggete il contatore della corrente (nel quadro in cantina).');
    expect(eve.text).toContain(`- Aprite l'acqua (vedi la guida Acqua (${PUBLIC_URL}/app/tutorial/acqua)).`);
    expect(eve.text).toContain(`guida all'acqua (${PUBLIC_URL}/app/tutorial/acqua), il quadro (${PUBLIC_URL}/app/tutorial/arrivo#quadro)`);
    expect(eve.text).toContain(`il contatore (${PUBLIC_URL}/api/files/contatore.webp)`);
    expect(eve.text).toContain(`   - Camino (${PUBLIC_URL}/app/tutorial/camino_e_stufe) e stufa`);
    expect(eve.text).toContain('2. codice e anna@example.ch');
    expect(eve.text).toContain(`Cantina (${PUBLIC_URL}/app/tutorial/arrivo#cantina) · il quadro`);
    // The letter's essentials are text too.
    expect(eve.text).toContain(`- Le pulizie (${PUBLIC_URL}/app/tutorial/partenza) si fanno prima di partire.`);
    expect(eve.html).toContain(`<a href="${PUBLIC_URL}/app/tutorial/acqua">Acqua</a>`);
    expect(eve.html).toContain(`<img src="${PUBLIC_URL}/api/files/contatore.webp" alt="il contatore">`);
  });

  it('opens a confirmed request and a booking made by another on it, and a stay to register in Gestione with it chosen', async () => {
    const all = await samples();
    const approved = await deliver(all.notice.find((s) => s.what === 'request-approved')!);
    const link = bookingUrl(t.ctx.config, { id: ids.stay, start: '2027-03-10' });
    expect(link).toBe(`${PUBLIC_URL}/app/calendario?mese=2027-03&prenotazione=${ids.stay}`);
    expect(approved.text).toContain(link);
    expect(approved.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
    // A booking made or moved by another opens on it; one cancelled, on its month.
    const made = await deliver(all.changes.find((s) => s.what === 'created')!);
    expect(made.text).toContain(link);
    const cancelled = await deliver(all.changes.find((s) => s.what === 'deleted')!);
    expect(cancelled.text).toContain(`${PUBLIC_URL}/app/calendario?mese=2027-03`);
    expect(cancelled.text).not.toContain('prenotazione=');
    const departure = await deliver(all.reminder.find((s) => s.what === 'departure')!);
    expect(departure.text).toContain(`${PUBLIC_URL}/app/gestione?booking=${ids.stay}`);
  });
});
