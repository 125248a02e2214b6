import { execFile, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBooking } from './bookings/service.ts';
import { MAILING_COMMANDS, parseCommand, UsageError } from './cli/commands.ts';
import { loadConfig } from './config.ts';
import { closeContext, createContext } from './context.ts';
import { createDb, migrateToLatest, sqlitePathIn } from './db/database.ts';
import { startTestMailServer } from './test/mail-server.ts';
import { FAST_PASSWORD_HASH_ENV } from './test/test-app.ts';
import { createUser } from './users/service.ts';

const execute = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
// The compiled CLI, as `npm run cli` runs it: built from these sources when they changed (a no-op
// otherwise), it starts in 0.6 s where the sources through tsx take 2.5 s, and the file starts some 25.
const cliPath = path.join(root, 'build/current/server/cli.js');
beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build.mjs', 'server', '--quiet'], { cwd: root, stdio: 'inherit' });
}, 120_000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rustico-cli-'));

async function cli(...args: string[]) {
  return cliWith({ DATA_DIR: dataDir }, ...args);
}

async function cliWith(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await execute(process.execPath, [cliPath, ...args], {
      env: { ...process.env, ...FAST_PASSWORD_HASH_ENV, DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('command line arguments', () => {
  const add = ['user', 'add', '--email', 'anna@example.ch', '--name', 'Anna', '--password', 'montagna-2026'];

  it('reads the documented syntax', () => {
    expect(parseCommand([...add, '--role', 'admin', '--colour', '#3d6b4f', '--hidden'])).toEqual({
      kind: 'user-add', email: 'anna@example.ch', name: 'Anna', password: 'montagna-2026', role: 'admin', colour: '#3d6b4f', hidden: true,
    });
    expect(parseCommand(add)).toMatchObject({ role: 'member', colour: undefined, hidden: false });
    expect(parseCommand(['user', 'list'])).toEqual({ kind: 'user-list' });
    expect(parseCommand(['user', 'set-password', '--email', 'Anna@Example.ch', '--password', 'castagne-2027'])).toEqual({
      kind: 'user-set-password', email: 'anna@example.ch', password: 'castagne-2027',
    });
    expect(parseCommand(['demo'])).toEqual({ kind: 'demo' });
    expect(parseCommand(['reminders', 'run'])).toEqual({ kind: 'reminders-run', at: undefined });
    expect(parseCommand(['reminders', 'run', '--at', '2026-12-24T09:00'])).toEqual({ kind: 'reminders-run', at: '2026-12-24T09:00' });
    expect(parseCommand(['mail', 'test', '--to', 'Anna@Example.ch'])).toEqual({ kind: 'mail-test', to: 'anna@example.ch' });
  });

  it('reads the fair-booking commands exactly as documented', () => {
    expect(parseCommand(['rules', 'set', '--window-months', '12', '--max-stay-nights', '21', '--quota-nights', '30', '--notice-days', '2'])).toEqual({
      kind: 'rules-set',
      update: { bookingWindowMonths: 12, maxStayNights: 21, quotaNights: 30, noticeDays: 2 },
    });
    expect(parseCommand(['rules', 'set', '--quota-nights', 'off', '--window-months', 'off'])).toEqual({ kind: 'rules-set', update: { quotaNights: null, bookingWindowMonths: null } });
    expect(parseCommand(['rules', 'set', '--hold-days', 'off', '--max-holds', '3'])).toEqual({ kind: 'rules-set', update: { holdDays: null, maxHolds: 3 } });
    expect(parseCommand(['rules', 'set', '--hold-days', '10'])).toEqual({ kind: 'rules-set', update: { holdDays: 10 } });
    expect(parseCommand(['rules', 'show'])).toEqual({ kind: 'rules-show' });
    expect(parseCommand(['peak', 'add', '--name', 'Natale', '--from', '12-20', '--to', '01-06'])).toEqual({
      kind: 'peak-add',
      period: { name: 'Natale', from: '12-20', to: '01-06', year: null },
    });
    expect(parseCommand(['peak', 'add', '--name', 'Natale', '--from', '12-20', '--to', '01-06', '--year', '2026'])).toMatchObject({ period: { year: 2026 } });
    expect(parseCommand(['peak', 'list'])).toEqual({ kind: 'peak-list' });
    expect(parseCommand(['peak', 'remove', '--name', 'Natale'])).toEqual({ kind: 'peak-remove', name: 'Natale' });
  });

  it('says what is wrong with a bad fair-booking argument', () => {
    const cases: [string[], RegExp][] = [
      [['rules', 'set'], /needs at least one of --window-months/],
      [['rules', 'set', '--quota-nights', 'trenta'], /--quota-nights must be a whole number from 0 to 366 or 'off'/],
      [['rules', 'set', '--max-stay-nights', 'off'], /--max-stay-nights must be a whole number from 1 to 366 \(got 'off'\)/],
      [['rules', 'set', '--notice-days', '-1'], /notice-days/],
      [['rules', 'set', '--max-holds', 'off'], /max-holds/],
      [['rules', 'set', '--window', '6'], /--window/],
      [['rules', 'show', '--all'], /'rules show' takes no options/],
      [['rules', 'reset'], /rules needs set or show \(got 'reset'\)/],
      [['peak', 'add', '--name', 'Natale', '--from', '20.12', '--to', '01-06'], /--from must be a day as MM-DD/],
      [['peak', 'add', '--name', 'Natale', '--from', '12-20', '--to', '02-30'], /--to must be a day as MM-DD/],
      [['peak', 'add', '--from', '12-20', '--to', '01-06'], /--name is required/],
      [['peak', 'add', '--name', 'Natale', '--from', '12-20', '--to', '01-06', '--year', '26'], /--year must be a whole number from 2000 to 2099/],
      [['peak', 'remove'], /--name is required/],
      [['peak', 'delete'], /peak needs add, list or remove/],
    ];
    for (const [args, message] of cases) {
      expect(() => parseCommand(args), args.join(' ')).toThrow(UsageError);
      expect(() => parseCommand(args), args.join(' ')).toThrow(message);
    }
  });

  it('says what is wrong with a bad argument', () => {
    const cases: [string[], RegExp][] = [
      [['user', 'add', '--email', 'anna', '--name', 'Anna', '--password', 'montagna-2026'], /--email 'anna' is not a valid email/],
      [['user', 'add', '--email', 'anna@example.ch', '--name', 'Anna', '--password', 'short'], /at least 8 characters/],
      [[...add, '--role', 'king'], /--role must be member, admin or superadmin/],
      [[...add, '--colour', 'red'], /--colour must look like #b5542d/],
      [[...add, '--colour', '#2d7fb5'], /neither black nor white text reads on it/],
      [['user', 'add', '--email', 'anna@example.ch', '--password', 'montagna-2026'], /--name is required/],
      [[...add, '--nickname', 'Annina'], /nickname/],
      [['user', 'list', '--hidden'], /--hidden is not an option of 'user list'/],
      [['user', 'delete'], /Unknown user command 'delete'/],
      [['party'], /Unknown command 'party'/],
      [['reminders', 'run', '--at', '24.12.2026 09:00'], /--at must be a time on the house's clock such as 2026-12-24T09:00/],
      [['reminders', 'send'], /reminders needs 'run'/],
      [['mail', 'test'], /--to is required/],
      [['mail', 'test', '--to', 'anna'], /--to 'anna' is not a valid email/],
      [[], /No command given/],
    ];
    for (const [args, message] of cases) {
      expect(() => parseCommand(args), args.join(' ')).toThrow(UsageError);
      expect(() => parseCommand(args), args.join(' ')).toThrow(message);
    }
  });
});

describe('the command line', () => {
  it('exits 2 on a bad argument, printing the usage, without creating the database', async () => {
    const result = await cli('user', 'add', '--email', 'anna', '--name', 'Anna', '--password', 'montagna-2026');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--email 'anna' is not a valid email/);
    expect(result.stderr).toMatch(/Usage:/);
    expect(fs.existsSync(path.join(dataDir, 'rustico.sqlite'))).toBe(false);
  });

  it('creates the database on first use, adds, lists and re-passwords accounts, and refuses the demo on a used house', async () => {
    const added = await cli('user', 'add', '--email', 'anna@example.ch', '--name', 'Anna', '--password', 'montagna-2026', '--role', 'superadmin', '--colour', '#3d6b4f', '--hidden');
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(/Added Anna <anna@example.ch> as superadmin \(hidden\)/);
    const duplicate = await cli('user', 'add', '--email', 'anna@example.ch', '--name', 'Anna', '--password', 'montagna-2026');
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toMatch(/exists already/);
    const list = await cli('user', 'list');
    expect(list.stdout).toMatch(/anna@example.ch.*Anna.*superadmin.*#3d6b4f.*yes/);
    const unknown = await cli('user', 'set-password', '--email', 'bruno@example.ch', '--password', 'castagne-2027');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/No account/);
    const demo = await cli('demo');
    expect(demo.code).toBe(1);
    expect(demo.stderr).toMatch(/already has accounts/);
  }, 60_000);

  it('sets and shows the house rules and keeps peak periods, refusing a taken or unknown name', async () => {
    const set = await cli('rules', 'set', '--window-months', '12', '--quota-nights', '30', '--notice-days', '2');
    expect(set.code).toBe(0);
    const shown = await cli('rules', 'show');
    expect(shown.stdout).toMatch(/booking window\W+12 months/);
    expect(shown.stdout).toMatch(/yearly quota\W+30 personal nights per member/);
    expect(shown.stdout).toMatch(/longest stay\W+60 nights/);
    expect(shown.stdout).toMatch(/notice\W+2 days/);

    const added = await cli('peak', 'add', '--name', 'Natale', '--from', '12-20', '--to', '01-06');
    expect(added.stdout).toMatch(/Added the peak period Natale: 12-20 → 01-06, every year/);
    expect((await cli('peak', 'add', '--name', 'Ferragosto', '--from', '08-10', '--to', '08-20', '--year', '2027')).code).toBe(0);
    const taken = await cli('peak', 'add', '--name', 'Natale', '--from', '12-24', '--to', '12-26');
    expect(taken.code).toBe(1);
    expect(taken.stderr).toMatch(/exists already/);
    const list = await cli('peak', 'list');
    expect(list.stdout).toMatch(/Ferragosto.*08-10.*08-20.*2027/);
    expect(list.stdout).toMatch(/Natale.*12-20.*01-06.*every year/);
    expect((await cli('peak', 'remove', '--name', 'Natale')).stdout).toMatch(/Removed the peak period Natale/);
    const gone = await cli('peak', 'remove', '--name', 'Natale');
    expect(gone.code).toBe(1);
    expect(gone.stderr).toMatch(/No peak period named 'Natale'/);
    // Each run starts a process of its own: slow on a busy machine.
  }, 240_000);

  it('reports a reminders run: how many were sent, merged, skipped and undeliverable, each with its reason', async () => {
    // Three members with a stay each, written straight into the house's database (a process per `user add` costs seconds).
    const people = { luca: 'push', rosa: 'email', nina: 'none' } as const;
    const db = createDb({ sqlitePath: sqlitePathIn(dataDir) });
    try {
      await migrateToLatest(db);
      for (const [name, channel] of Object.entries(people)) {
        const userId = randomUUID();
        const at = '2026-11-01T10:00:00.000Z';
        await db
          .insertInto('users')
          .values({
            id: userId, email: `${name}@example.ch`, name, role: 'member', colour: '#3d6b4f', hidden: 0, disabled: 0, giftUsed: 0, passwordHash: null, photo: null,
            createdAt: at, lastSeenAt: null, calendarToken: null, language: null,
          })
          .execute();
        await db.insertInto('notificationChoices').values({ userId, kind: 'reminders', channel }).execute();
        await insertBooking(db, {
          id: randomUUID(), userId, startDate: '2031-12-10', endDate: '2031-12-12', purpose: 'personal', costCentimes: 10000, checkedIn: 0, checkedOut: 0, paid: 0,
          createdBy: null, kwhUsed: null, paymentMethod: null, paidAt: null, createdAt: at, updatedAt: at,
        });
      }
    } finally {
      await db.destroy();
    }
    // Without email, push is the only way, and none of them has a device.
    const unreached = await cli('reminders', 'run', '--at', '2031-12-10T18:00');
    expect(unreached.code).toBe(0);
    expect(unreached.stdout).toMatch(/^Reminders at 2031-12-10 18:00 \(Europe\/Zurich\): 0 sent, 0 merged, 1 skipped, 2 undeliverable\.$/m);
    expect(unreached.stdout).toMatch(/^ {2}skipped {7}checkin-missing to nina@example\.ch: member chose none$/m);
    expect(unreached.stdout).toMatch(/^ {2}undeliverable checkin-missing to luca@example\.ch: no push subscription, and email is off \(SMTP_URL is not set\)$/m);
    expect(unreached.stdout).toMatch(/^ {2}undeliverable checkin-missing to rosa@example\.ch: email is off \(SMTP_URL is not set\)$/m);
    // With email, the next run the same evening delivers both: Luca's instead of the push he has no device for.
    const mail = await startTestMailServer();
    try {
      const delivered = await cliWith({ DATA_DIR: dataDir, SMTP_URL: mail.url, PUBLIC_URL: 'https://rustico.example.ch' }, 'reminders', 'run', '--at', '2031-12-10T18:30');
      expect(delivered.stdout).toMatch(/: 2 sent, 0 merged, 1 skipped, 0 undeliverable\.$/m);
      expect(delivered.stdout).toMatch(/^ {2}sent {10}checkin-missing to luca@example\.ch: by email instead of push: no push subscription$/m);
      expect(delivered.stdout).toMatch(/^ {2}sent {10}checkin-missing to rosa@example\.ch: by email$/m);
      expect(mail.received.map((m) => m.subject)).toEqual(['Check-in non ancora registrato', 'Check-in non ancora registrato']);
    } finally {
      await mail.close();
    }
  }, 60_000);

  it('prints the layout it found and refuses a file with nothing to import, exiting non-zero', async () => {
    const exportFile = path.join(import.meta.dirname, 'importer/fixtures/node-firestore-import-export.json');
    const dryRun = await cli('import', 'firestore', exportFile, '--dry-run');
    expect(dryRun.code).toBe(0);
    expect(dryRun.stdout).toMatch(/Layout found: node-firestore-import-export/);
    expect(dryRun.stdout).toMatch(/bookings\W+4\W/);
    const empty = path.join(dataDir, 'empty.json');
    fs.writeFileSync(empty, '');
    const refused = await cli('import', 'firestore', empty, '--dry-run');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/empty.json is not a JSON file: it is empty/);
    fs.writeFileSync(empty, JSON.stringify({ __collections__: { companies: { a: {} } } }));
    const foreign = await cli('import', 'firestore', empty);
    expect(foreign.code).toBe(1);
    expect(foreign.stderr).toMatch(/no documents in users, events, notes or kilowatt\.\nFound companies \(1 document\) under/);
    expect(foreign.stderr).toMatch(/Rustico reads the Firestore exports of these layouts/);
  }, 60_000);

  it('refuses a file nested deeper than any export with a message, not a stack, exiting 1', async () => {
    const depth = 200_000;
    const deep = path.join(dataDir, 'deep.json');
    fs.writeFileSync(deep, `{ "__collections__": { "events": { "e": { "uid": "u", "extra": ${'{ "campo": '.repeat(depth)}1${' }'.repeat(depth)} } } } }`);
    const refused = await cli('import', 'firestore', deep, '--dry-run');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^Error: Not a Firestore export: the file nests values more than 100 levels deep/);
    expect(refused.stderr).not.toMatch(/RangeError|\n\s+at /);
  }, 60_000);
});

describe('email from the command line', () => {
  it("refuses to send without PUBLIC_URL, marking nothing sent; the data folder's .env gives it the server's settings", async () => {
    const house = fs.mkdtempSync(path.join(os.tmpdir(), 'rustico-cli-mail-'));
    const mail = await startTestMailServer();
    const openHouse = async () => {
      const db = createDb({ sqlitePath: sqlitePathIn(house) });
      await migrateToLatest(db);
      return createContext(loadConfig({ DATA_DIR: house, LOG_LEVEL: 'silent', ...FAST_PASSWORD_HASH_ENV }), db);
    };
    try {
      const ctx = await openHouse();
      const anna = await createUser(ctx, { email: 'anna@example.ch', name: 'Anna', password: null, role: 'member' });
      const stay = { purpose: 'personal' as const, costCentimes: 15000, checkedIn: 0, checkedOut: 0, paid: 0, createdBy: null, kwhUsed: null, paymentMethod: null, paidAt: null };
      await insertBooking(ctx.db, { ...stay, id: 'stay-1', userId: anna.id, startDate: '2027-03-10', endDate: '2027-03-13', createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z' });
      await closeContext(ctx);
      const eve = ['reminders', 'run', '--at', '2027-03-09T12:00'];

      // As cron would run it: the server's unit has the settings, the CLI's environment not.
      const refused = await cliWith({ DATA_DIR: house, SMTP_URL: mail.url, PUBLIC_URL: '' }, ...eve);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/PUBLIC_URL is not set, so the links in the emails would lead nowhere; nothing was sent/);
      expect(refused.stderr).toContain(path.join(house, '.env'));
      // So is the other command that mails (each run is a process of its own: slow, so not run again).
      expect(MAILING_COMMANDS.has(parseCommand(['mail', 'test', '--to', 'anna@example.ch']).kind)).toBe(true);
      expect(mail.received).toHaveLength(0);

      fs.writeFileSync(path.join(house, '.env'), `PUBLIC_URL=https://casa.example\nSMTP_URL=${mail.url}\nMAIL_FROM="Casa <casa@example.ch>"\n`);
      const sent = await cliWith({ DATA_DIR: house, SMTP_URL: '', PUBLIC_URL: '' }, ...eve);
      expect(sent.code, sent.stderr).toBe(0);
      expect(sent.stdout).toMatch(/sent +arrival-eve to anna@example\.ch/);
      const [message] = mail.to('anna@example.ch');
      expect(message?.from?.value[0]?.address).toBe('casa@example.ch');
      expect(message?.text).toContain('https://casa.example/app/tutorial/arrivo');
      expect(message?.text).not.toContain('localhost');

      // What the refused runs claimed: nothing, so the reminder went out now, once.
      const after = await openHouse();
      expect(await after.db.selectFrom('deliveries').select(['key', 'status']).execute()).toEqual([{ key: 'arrival-eve:stay-1:2027-03-09', status: 'sent' }]);
      await closeContext(after);
    } finally {
      await mail.close();
      fs.rmSync(house, { recursive: true, force: true });
    }
  }, 120_000);
});
