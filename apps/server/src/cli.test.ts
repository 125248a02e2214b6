import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const cliPath = path.join(import.meta.dirname, 'cli.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rustico-cli-'));

async function cli(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', cliPath, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the command line', () => {
  it('refuses bad arguments with a message, a non-zero exit and no database touched', async () => {
    const cases: [string[], RegExp][] = [
      [['user', 'add', '--email', 'anna', '--name', 'Anna', '--password', 'montagna-2026'], /--email 'anna' is not a valid email/],
      [['user', 'add', '--email', 'anna@example.ch', '--name', 'Anna', '--password', 'short'], /at least 8 characters/],
      [['user', 'add', '--email', 'anna@example.ch', '--name', 'Anna', '--password', 'montagna-2026', '--role', 'king'], /--role must be member, admin or superadmin/],
      [['user', 'add', '--email', 'anna@example.ch', '--name', 'Anna', '--password', 'montagna-2026', '--colour', 'red'], /--colour must look like #b5542d/],
      [['user', 'add', '--email', 'anna@example.ch', '--password', 'montagna-2026'], /--name is required/],
      [['user', 'list', '--hidden'], /--hidden is not an option of 'user list'/],
      [['user', 'delete'], /Unknown user command 'delete'/],
      [['party'], /Unknown command 'party'/],
    ];
    for (const [args, message] of cases) {
      const result = await cli(...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).toMatch(/Usage:/);
    }
    expect(fs.existsSync(path.join(dataDir, 'rustico.sqlite'))).toBe(false);
  });

  it('creates the database on first use, adds, lists and re-passwords accounts', async () => {
    const added = await cli('user', 'add', '--email', 'anna@example.ch', '--name', 'Anna', '--password', 'montagna-2026', '--role', 'superadmin', '--colour', '#3d6b4f', '--hidden');
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(/Added Anna <anna@example.ch> as superadmin \(hidden\)/);
    const duplicate = await cli('user', 'add', '--email', 'anna@example.ch', '--name', 'Anna', '--password', 'montagna-2026');
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toMatch(/exists already/);
    const list = await cli('user', 'list');
    expect(list.stdout).toMatch(/anna@example.ch.*Anna.*superadmin.*#3d6b4f.*yes/);
    expect((await cli('user', 'set-password', '--email', 'anna@example.ch', '--password', 'castagne-2027')).code).toBe(0);
    const unknown = await cli('user', 'set-password', '--email', 'bruno@example.ch', '--password', 'castagne-2027');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/No account/);
  });

  it('fills only an empty house with the demo family', async () => {
    const refused = await cli('demo');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/already has accounts/);
  });
});
