import fs from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { colourSchema, emailSchema, newPasswordSchema, displayNameSchema, roleSchema, type Role } from '@rustico/core';
import type { AppContext } from './context.ts';
import { DEMO_PASSWORD, seedDemo } from './demo/seed.ts';
import { importFirestore, type ImportReport } from './importer/firestore.ts';
import { listUsers } from './users/repository.ts';
import { createUser, setUserPassword } from './users/service.ts';

export const USAGE = `Usage:
  npm run cli -- user add --email <email> --name <name> --password <password> [--role member|admin|superadmin] [--colour "#b5542d"] [--hidden]
  npm run cli -- user list
  npm run cli -- user set-password --email <email> --password <password>
  npm run cli -- demo
  npm run cli -- import firestore <export.json> [--dry-run]
  npm run cli -- backup <file>
  npm run cli -- restore <file>`;

export class UsageError extends Error {}

export type Command =
  | { kind: 'user-add'; email: string; name: string; password: string; role: Role; colour: string | undefined; hidden: boolean }
  | { kind: 'user-list' }
  | { kind: 'user-set-password'; email: string; password: string }
  | { kind: 'demo' }
  | { kind: 'import-firestore'; file: string; dryRun: boolean }
  | { kind: 'backup'; file: string }
  | { kind: 'restore'; file: string };

function required(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value;
}

function check<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, value: unknown, message: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new UsageError(message);
  return parsed.data;
}

/** Everything is checked here, before the database is opened. */
export function parseCommand(argv: string[]): Command {
  const [group, action, ...rest] = argv;
  if (group === 'demo' && action === undefined) return { kind: 'demo' };
  if (group === 'backup' || group === 'restore') {
    if (!action || rest.length > 0 || action.startsWith('--')) throw new UsageError(`${group} needs exactly one file name`);
    return { kind: group, file: action };
  }
  if (group === 'import') {
    if (action !== 'firestore') throw new UsageError(`Unknown import source '${action ?? ''}': only 'firestore' is known`);
    const files = rest.filter((arg) => arg !== '--dry-run');
    const unknown = files.find((arg) => arg.startsWith('--'));
    if (unknown) throw new UsageError(`${unknown} is not an option of 'import firestore'`);
    if (files.length !== 1) throw new UsageError('import firestore needs exactly one export file');
    return { kind: 'import-firestore', file: files[0]!, dryRun: rest.includes('--dry-run') };
  }
  if (group !== 'user') throw new UsageError(group ? `Unknown command '${group}'` : 'No command given');
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: rest,
      strict: true,
      allowPositionals: false,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        password: { type: 'string' },
        role: { type: 'string' },
        colour: { type: 'string' },
        hidden: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const allowed: Record<string, string[]> = {
    add: ['email', 'name', 'password', 'role', 'colour', 'hidden'],
    list: [],
    'set-password': ['email', 'password'],
  };
  const options = action ? allowed[action] : undefined;
  if (!options) throw new UsageError(action ? `Unknown user command '${action}'` : 'user needs add, list or set-password');
  const extra = Object.keys(values).find((key) => !options.includes(key));
  if (extra) throw new UsageError(`--${extra} is not an option of 'user ${action}'`);

  if (action === 'list') return { kind: 'user-list' };
  const email = check(emailSchema, required(values, 'email'), `--email '${String(values.email)}' is not a valid email address`);
  const password = check(newPasswordSchema, required(values, 'password'), '--password must have at least 8 characters');
  if (action === 'set-password') return { kind: 'user-set-password', email, password };
  return {
    kind: 'user-add',
    email,
    password,
    name: check(displayNameSchema, required(values, 'name'), '--name must be 1 to 80 characters'),
    role: check(roleSchema, values.role ?? 'member', `--role must be member, admin or superadmin (got '${String(values.role)}')`),
    colour:
      values.colour === undefined
        ? undefined
        : check(colourSchema, values.colour, `--colour must look like #b5542d (got '${String(values.colour)}')`),
    hidden: values.hidden === true,
  };
}

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
    case 'import-firestore': {
      const data: unknown = JSON.parse(await fs.readFile(command.file, 'utf8'));
      printImportReport(await importFirestore(ctx, data, { dryRun: command.dryRun }), command.dryRun);
      return;
    }
    case 'backup':
    case 'restore':
      throw new Error(`${command.kind} runs before the database is opened`);
  }
}

function printImportReport(report: ImportReport, dryRun: boolean): void {
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
