import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCommand, UsageError } from './cli-commands.ts';

const execute = promisify(execFile);
const cliPath = path.join(import.meta.dirname, 'cli.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rustico-cli-'));

async function cli(...args: string[]) {
  try {
    const { stdout, stderr } = await execute(process.execPath, ['--import', 'tsx', cliPath, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
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
  });

  it('says what is wrong with a bad argument', () => {
    const cases: [string[], RegExp][] = [
      [['user', 'add', '--email', 'anna', '--name', 'Anna', '--password', 'montagna-2026'], /--email 'anna' is not a valid email/],
      [['user', 'add', '--email', 'anna@example.ch', '--name', 'Anna', '--password', 'short'], /at least 8 characters/],
      [[...add, '--role', 'king'], /--role must be member, admin or superadmin/],
      [[...add, '--colour', 'red'], /--colour must look like #b5542d/],
      [['user', 'add', '--email', 'anna@example.ch', '--password', 'montagna-2026'], /--name is required/],
      [[...add, '--nickname', 'Annina'], /nickname/],
      [['user', 'list', '--hidden'], /--hidden is not an option of 'user list'/],
      [['user', 'delete'], /Unknown user command 'delete'/],
      [['party'], /Unknown command 'party'/],
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
});
