import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test/ports.ts';

const mainPath = path.join(import.meta.dirname, 'main.ts');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rustico-main-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', mainPath], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const output = async (pattern: RegExp) => {
    // Compiling the sources with tsx takes seconds, far more while the other test files run beside it.
    for (let i = 0; i < 1200 && !pattern.test(stdout); i++) await new Promise((r) => setTimeout(r, 50));
    return stdout;
  };
  return { child, exited, output, stderr: () => stderr };
}

describe('starting the server', () => {
  it('creates and migrates the database, prints a working one-time setup link, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const server = start({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
    const stdout = await server.output(/\/setup\/\S+/);
    const link = /(http:\/\/\S+\/setup\/(\S+))/.exec(stdout);
    expect(link, stdout + server.stderr()).not.toBeNull();
    expect(fs.existsSync(path.join(dataDir, 'rustico.sqlite'))).toBe(true);
    const status = await fetch(`http://127.0.0.1:${port}/api/setup/${link![2]}`).then((r) => r.json());
    expect(status).toEqual({ available: true });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 90_000);

  it("reads the data folder's .env, and warns when email is on without PUBLIC_URL", async () => {
    const house = fs.mkdtempSync(path.join(os.tmpdir(), 'rustico-main-env-'));
    const port = await freePort();
    fs.writeFileSync(path.join(house, '.env'), `PORT=${port}\nSMTP_URL=smtp://127.0.0.1:9\n`);
    try {
      const server = start({ DATA_DIR: house, PORT: '', PUBLIC_URL: '', SMTP_URL: '' });
      const stdout = await server.output(/\/setup\/\S+/);
      expect(stdout, server.stderr()).toContain(`http://localhost:${port}/setup/`);
      expect(stdout).toMatch(/"level":40.*Email is on but PUBLIC_URL is not set: the links in emails point at http:\/\/localhost/);
      expect((await fetch(`http://127.0.0.1:${port}/api/session`)).status).toBe(401);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      fs.rmSync(house, { recursive: true, force: true });
    }
  }, 90_000);

  it('refuses a bad setting with a message that names it', async () => {
    const server = start({ PORT: 'ottanta' });
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toMatch(/PORT:/);
  });
});
