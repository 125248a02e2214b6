import { parseArgs } from 'node:util';
import { colourSchema, emailSchema, newPasswordSchema, displayNameSchema, roleSchema, type Role } from '@rustico/core';
import type { AppContext } from './context.ts';
import { DEMO_PASSWORD, seedDemo } from './demo/seed.ts';
import { listUsers } from './users/repository.ts';
import { createUser, setUserPassword } from './users/service.ts';

export const USAGE = `Usage:
  npm run cli -- user add --email <email> --name <name> --password <password> [--role member|admin|superadmin] [--colour "#b5542d"] [--hidden]
  npm run cli -- user list
  npm run cli -- user set-password --email <email> --password <password>
  npm run cli -- demo`;

export class UsageError extends Error {}

export type Command =
  | { kind: 'user-add'; email: string; name: string; password: string; role: Role; colour: string | undefined; hidden: boolean }
  | { kind: 'user-list' }
  | { kind: 'user-set-password'; email: string; password: string }
  | { kind: 'demo' };

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
  }
}
