import { describePeakRange, HOUSE_LANGUAGE, instantOfLocal, localMomentIn, type HouseRules } from '@rustico/core';
import { emailLanguageOf } from '../auth/service.ts';
import type { AppContext } from '../context.ts';
import type { Outcome } from '../deliveries/service.ts';
import { AppError } from '../http/errors.ts';
import { sendTestMail } from '../mail/test-mail.ts';
import { runReminders } from '../reminders/service.ts';
import { seedDemoHistory } from '../demo/history.ts';
import { DEMO_PASSWORD, seedDemo } from '../demo/seed.ts';
import { importFirestore, type ImportReport } from '../importer/firestore.ts';
import { readExportFile } from '../importer/layouts.ts';
import { changeHouseRules, getHouseRules } from '../house/rules.ts';
import { addPeakPeriod, peakPeriods, removePeakPeriodByName } from '../peaks/service.ts';
import { createUser, findUserByEmail, listUsers, setUserPassword } from '../users/service.ts';
import type { Command } from './commands.ts';

/** Carries out a parsed command against the house (cli.ts opens the database and closes it after). */
export async function run(command: Command, ctx: AppContext): Promise<void> {
  switch (command.kind) {
    case 'user-add': {
      const user = await createUser(ctx, command);
      console.log(`Added ${user.name} <${user.email}> as ${user.role}${user.hidden ? ' (hidden)' : ''}.`);
      return;
    }
    case 'user-list': {
      const users = await listUsers(ctx.db);
      if (users.length === 0) {
        console.log('No accounts yet.');
        return;
      }
      console.table(
        users.map((u) => ({
          email: u.email,
          name: u.name,
          role: u.role,
          colour: u.colour,
          hidden: u.hidden === 1 ? 'yes' : '',
          disabled: u.disabled === 1 ? 'yes' : '',
          'last seen': u.lastSeenAt ?? '',
        })),
      );
      return;
    }
    case 'user-set-password':
      await setUserPassword(ctx, command.email, command.password);
      console.log(`Password of ${command.email} changed; their sessions have ended.`);
      return;
    case 'demo': {
      const logins = await seedDemo(ctx);
      console.log('The demo house is ready. Log in as any of these (password for all: ' + DEMO_PASSWORD + '):');
      console.table(logins);
      return;
    }
    case 'reminders-run': {
      const at = command.at ? instantOfLocal(command.at, ctx.config.houseTimeZone) : ctx.now();
      if (!at) throw new AppError(400, 'VALIDATION', `${command.at} does not exist in ${ctx.config.houseTimeZone} (the clocks skip it)`);
      if (!ctx.mailer.enabled) console.log('Email is off (SMTP_URL is not set): only push notices go out, and a reminder push cannot deliver is undeliverable.');
      const outcomes = await runReminders(ctx, at);
      await ctx.push.idle();
      printOutcomes(outcomes, at, ctx.config.houseTimeZone);
      return;
    }
    case 'mail-test': {
      if (!ctx.mailer.enabled) throw new AppError(409, 'MAIL_DISABLED', 'Email is off: set SMTP_URL (and MAIL_FROM) first');
      // A member reads it in the language of every email of theirs.
      const member = await findUserByEmail(ctx.db, command.to);
      await sendTestMail(ctx, command.to, member ? await emailLanguageOf(ctx.db, member) : HOUSE_LANGUAGE);
      console.log(`Test email sent to ${command.to}.`);
      return;
    }
    case 'demo-history': {
      const added = await seedDemoHistory(ctx, command.years);
      console.log(`Added ${command.years} years before the demo year: ${added.stays} stays, ${added.notes} notes; the house has ${added.members} members.`);
      return;
    }
    case 'import-firestore': {
      printImportReport(await importFirestore(ctx, await readExportFile(command.file), { dryRun: command.dryRun }), command.dryRun);
      return;
    }
    case 'rules-set': {
      const rules = await changeHouseRules(ctx, null, command.update);
      console.log('House rules changed (kept in the history as changed from the command line):');
      printRules(rules);
      return;
    }
    case 'rules-show':
      printRules(await getHouseRules(ctx.db));
      return;
    case 'peak-add': {
      const period = await addPeakPeriod(ctx, null, command.period);
      console.log(`Added the peak period ${period.name}: ${describePeakRange(period)}${period.year ? '' : ', every year'}.`);
      return;
    }
    case 'peak-list': {
      const periods = await peakPeriods(ctx.db);
      if (periods.length === 0) console.log('No peak periods: every stay is booked at once.');
      else console.table(periods.map((p) => ({ name: p.name, from: p.from, to: p.to, year: p.year ?? 'every year' })));
      return;
    }
    case 'peak-remove': {
      const removed = await removePeakPeriodByName(ctx, command.name);
      console.log(`Removed the peak period ${removed.name} (${describePeakRange(removed)}).`);
      return;
    }
    case 'backup':
    case 'restore':
      throw new Error(`${command.kind} runs before the database is opened`);
  }
}

function printRules(rules: HouseRules): void {
  const off = (value: number | null, unit: string) => (value === null ? 'off' : `${value} ${unit}`);
  console.table({
    'booking window': off(rules.bookingWindowMonths, 'months'),
    'longest stay': `${rules.maxStayNights} nights`,
    'yearly quota': off(rules.quotaNights, 'personal nights per member'),
    notice: `${rules.noticeDays} days`,
    holds: rules.holdDays === null ? 'off' : `${rules.holdDays} days, at most ${rules.maxHolds} per member`,
    'night fee': `${(rules.nightFeeCentimes / 100).toFixed(2)} CHF`,
  });
  if (rules.memberQuotas.length > 0) console.log(`Members with a quota of their own: ${rules.memberQuotas.length} (see Impostazioni).`);
}

function printOutcomes(outcomes: Outcome[], at: Date, timeZone: string): void {
  const local = localMomentIn(timeZone, at);
  const time = `${local.day} ${String(Math.floor(local.minutes / 60)).padStart(2, '0')}:${String(local.minutes % 60).padStart(2, '0')}`;
  const count = (result: string) => outcomes.filter((o) => o.result === result).length;
  // Always these four, so a run that reached nobody says so; a retry or a failure when there is one.
  const counts = [...HEADLINE, ...OTHER_RESULTS.filter((result) => count(result) > 0)].map((result) => `${count(result)} ${result}`);
  console.log(`Reminders at ${time} (${timeZone}): ${counts.join(', ')}.`);
  for (const result of [...HEADLINE, ...OTHER_RESULTS]) {
    for (const o of outcomes.filter((outcome) => outcome.result === result)) {
      console.log(`  ${o.result.padEnd(RESULT_WIDTH)} ${o.what} to ${o.to}${o.reason ? `: ${o.reason}` : ''}`);
    }
  }
}

/** What a run reports, in this order: merged counts the messages folded into another one (notifications/). */
const HEADLINE = ['sent', 'merged', 'skipped', 'undeliverable'];
const OTHER_RESULTS = ['retry', 'failed'];
const RESULT_WIDTH = Math.max(...[...HEADLINE, ...OTHER_RESULTS].map((result) => result.length));

function printImportReport(report: ImportReport, dryRun: boolean): void {
  console.log(`Layout found: ${report.layout}.`);
  for (const { collection, documents } of report.notRead) {
    console.log(`Not read: ${collection} (${documents === 1 ? '1 document' : `${documents} documents`}), which the original app did not have.`);
  }
  console.log(dryRun ? 'Dry run: nothing was written. The import would add:' : 'Imported:');
  console.table(
    Object.entries(report.imported).map(([what, count]) => ({
      what,
      [dryRun ? 'would add' : 'added']: count,
      'already present': report.alreadyPresent[what as keyof ImportReport['alreadyPresent']] ?? '',
    })),
  );
  if (report.skipped.length > 0) {
    console.log(`Skipped ${report.skipped.length}:`);
    for (const item of report.skipped) console.log(`  ${item.collection}/${item.id}: ${item.reason}`);
  }
  if (!dryRun && report.imported.users > 0) {
    console.log('Imported accounts have no password yet: npm run cli -- user set-password --email … --password …');
  }
}
