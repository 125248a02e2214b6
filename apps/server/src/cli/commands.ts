import { parseArgs, type ParseArgsConfig } from 'node:util';
import {
  colourSchema,
  emailSchema,
  newPasswordSchema,
  displayNameSchema,
  isReadableColour,
  MAX_BOOKING_WINDOW_MONTHS,
  monthDaySchema,
  peakPeriodInputSchema,
  roleSchema,
  type HouseRulesUpdate,
  type PeakPeriodInput,
  type Role,
} from '@rustico/core';

/** The command line: what `npm run cli -- …` accepts, checked into a `Command` (run.ts carries it out). */
export const USAGE = `Usage:
  npm run cli -- user add --email <email> --name <name> --password <password> [--role member|admin|superadmin] [--colour "#b5542d"] [--hidden]
  npm run cli -- user list
  npm run cli -- user set-password --email <email> --password <password>
  npm run cli -- demo
  npm run cli -- demo history [--years 20]
  npm run cli -- import firestore <export.json> [--dry-run]
  npm run cli -- reminders run [--at 2026-12-24T09:00]
  npm run cli -- rules set [--window-months N|off] [--max-stay-nights N] [--quota-nights N|off] [--notice-days N] [--hold-days N|off] [--max-holds N]
  npm run cli -- rules show
  npm run cli -- peak add --name "Natale" --from 12-20 --to 01-06 [--year 2026]
  npm run cli -- peak list
  npm run cli -- peak remove --name "Natale"
  npm run cli -- mail test --to <email>
  npm run cli -- backup <file>
  npm run cli -- restore <file>`;

export class UsageError extends Error {}

export type Command =
  | { kind: 'user-add'; email: string; name: string; password: string; role: Role; colour: string | undefined; hidden: boolean }
  | { kind: 'user-list' }
  | { kind: 'user-set-password'; email: string; password: string }
  | { kind: 'demo' }
  | { kind: 'reminders-run'; at: string | undefined }
  | { kind: 'mail-test'; to: string }
  | { kind: 'demo-history'; years: number }
  | { kind: 'import-firestore'; file: string; dryRun: boolean }
  | { kind: 'rules-set'; update: HouseRulesUpdate }
  | { kind: 'rules-show' }
  | { kind: 'peak-add'; period: PeakPeriodInput }
  | { kind: 'peak-list' }
  | { kind: 'peak-remove'; name: string }
  | { kind: 'backup'; file: string }
  | { kind: 'restore'; file: string };

/** The commands that may send email: its links need PUBLIC_URL, so cli.ts refuses them without it. */
export const MAILING_COMMANDS: ReadonlySet<Command['kind']> = new Set(['reminders-run', 'mail-test']);

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
  if (group === 'demo' && action === 'history') {
    const years = rest.length === 0 ? 20 : rest[0] === '--years' && rest.length === 2 ? Number(rest[1]) : NaN;
    if (!Number.isInteger(years) || years < 1 || years > 50) throw new UsageError('demo history takes --years with a whole number from 1 to 50');
    return { kind: 'demo-history', years };
  }
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
  if (group === 'reminders' || group === 'mail') return parseMailCommand(group, action, rest);
  if (group === 'rules') return parseRulesCommand(action, rest);
  if (group === 'peak') return parsePeakCommand(action, rest);
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
        : readableColour(check(colourSchema, values.colour, `--colour must look like #b5542d (got '${String(values.colour)}')`)),
    hidden: values.hidden === true,
  };
}

function options(args: string[], config: ParseArgsConfig['options'], what: string): Record<string, string | undefined> {
  try {
    return parseArgs({ args, strict: true, allowPositionals: false, options: config }).values as Record<string, string | undefined>;
  } catch (error) {
    throw new UsageError(`${(error as Error).message} (${what})`);
  }
}

/** A whole number from min to max, or (where allowed) 'off' for null. */
function ruleNumber(value: string, name: string, min: number, max: number, off: boolean): number | null {
  if (off && value === 'off') return null;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}${off ? " or 'off'" : ''} (got '${value}')`);
  }
  return Number(value);
}

function parseRulesCommand(action: string | undefined, rest: string[]): Command {
  if (action === 'show') {
    if (rest.length > 0) throw new UsageError(`'rules show' takes no options (got '${rest[0]}')`);
    return { kind: 'rules-show' };
  }
  if (action !== 'set') throw new UsageError(`rules needs set or show${action ? ` (got '${action}')` : ''}`);
  const flags = options(
    rest,
    {
      'window-months': { type: 'string' },
      'max-stay-nights': { type: 'string' },
      'quota-nights': { type: 'string' },
      'notice-days': { type: 'string' },
      'hold-days': { type: 'string' },
      'max-holds': { type: 'string' },
    },
    "'rules set' takes --window-months, --max-stay-nights, --quota-nights, --notice-days, --hold-days, --max-holds",
  );
  const update: HouseRulesUpdate = {};
  if (flags['window-months'] !== undefined) update.bookingWindowMonths = ruleNumber(flags['window-months'], 'window-months', 1, MAX_BOOKING_WINDOW_MONTHS, true);
  if (flags['max-stay-nights'] !== undefined) update.maxStayNights = ruleNumber(flags['max-stay-nights'], 'max-stay-nights', 1, 366, false)!;
  if (flags['quota-nights'] !== undefined) update.quotaNights = ruleNumber(flags['quota-nights'], 'quota-nights', 0, 366, true);
  if (flags['notice-days'] !== undefined) update.noticeDays = ruleNumber(flags['notice-days'], 'notice-days', 0, 365, false)!;
  if (flags['hold-days'] !== undefined) update.holdDays = ruleNumber(flags['hold-days'], 'hold-days', 1, 60, true);
  if (flags['max-holds'] !== undefined) update.maxHolds = ruleNumber(flags['max-holds'], 'max-holds', 1, 20, false)!;
  if (Object.keys(update).length === 0) {
    throw new UsageError("'rules set' needs at least one of --window-months, --max-stay-nights, --quota-nights, --notice-days, --hold-days, --max-holds");
  }
  return { kind: 'rules-set', update };
}

function parsePeakCommand(action: string | undefined, rest: string[]): Command {
  if (action === 'list') {
    if (rest.length > 0) throw new UsageError(`'peak list' takes no options (got '${rest[0]}')`);
    return { kind: 'peak-list' };
  }
  if (action === 'remove') {
    const flags = options(rest, { name: { type: 'string' } }, "'peak remove' takes --name");
    return { kind: 'peak-remove', name: check(peakPeriodInputSchema.shape.name, required(flags, 'name'), '--name must be 1 to 80 characters') };
  }
  if (action !== 'add') throw new UsageError(`peak needs add, list or remove${action ? ` (got '${action}')` : ''}`);
  const flags = options(rest, { name: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, year: { type: 'string' } }, "'peak add' takes --name, --from, --to, --year");
  const day = (name: 'from' | 'to') => check(monthDaySchema, required(flags, name), `--${name} must be a day as MM-DD, e.g. 12-20 (got '${String(flags[name])}')`);
  const year = flags.year === undefined ? null : ruleNumber(flags.year, 'year', 2000, 2099, false);
  return {
    kind: 'peak-add',
    period: { name: check(peakPeriodInputSchema.shape.name, required(flags, 'name'), '--name must be 1 to 80 characters'), from: day('from'), to: day('to'), year },
  };
}

/** A member colour that names on the calendar can be read on (the rule the API applies too). */
function readableColour(colour: string): string {
  if (!isReadableColour(colour)) throw new UsageError(`--colour ${colour}: neither black nor white text reads on it at 4.5:1; pick a lighter or darker shade`);
  return colour;
}

function parseMailCommand(group: 'reminders' | 'mail', action: string | undefined, rest: string[]): Command {
  const expected = group === 'reminders' ? 'run' : 'test';
  if (action !== expected) throw new UsageError(`${group} needs '${expected}'${action ? ` (got '${action}')` : ''}`);
  let values: { at?: string | undefined; to?: string | undefined };
  try {
    const options: ParseArgsConfig['options'] = group === 'reminders' ? { at: { type: 'string' } } : { to: { type: 'string' } };
    ({ values } = parseArgs({ args: rest, strict: true, allowPositionals: false, options }) as { values: typeof values });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (group === 'mail') {
    return { kind: 'mail-test', to: check(emailSchema, required(values, 'to'), `--to '${String(values.to)}' is not a valid email address`) };
  }
  const at = values.at;
  if (typeof at === 'string' && !/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/.test(at)) {
    throw new UsageError(`--at must be a time on the house's clock such as 2026-12-24T09:00 (got '${at}')`);
  }
  return { kind: 'reminders-run', at: typeof at === 'string' ? at : undefined };
}
