import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/databases.ts';
import { freePort } from '../test/ports.ts';
import { FAST_PASSWORD_HASH, TestClient, type TestResponse } from '../test/test-app.ts';
import { createUser } from '../users/service.ts';

/**
 * What one picture may cost the server's memory (issue 39): the compiled server in a process of
 * its own, as production runs it (`npm run serve`), sent pictures that are small as files and
 * huge once decoded, one and then eight at once, as receipts and as profile photos. The peak of
 * its resident memory (VmHWM, reset before each round) must stay under 250 MB.
 */
const LIMIT_MB = 250;
/** Memory is measured here, not time: decoding a round of 12 MP pictures took 20 s on a busy 2-core machine. */
const DECODING_MS = 90_000;
const root = path.resolve(import.meta.dirname, '../../../..');
const fixtures = path.join(import.meta.dirname, '../test/fixtures');
const EMAIL = 'memoria@example.ch';
const PASSWORD = 'memoria della casa';

const status = (pid: number) => fs.readFileSync(`/proc/${pid}/status`, 'utf8');
const kb = (pid: number, field: 'VmHWM' | 'VmRSS') => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status(pid))![1]);
/** Linux sets the peak (VmHWM) back to the current resident size. */
const resetPeak = (pid: number) => fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');

interface Upload {
  name: string;
  bytes: Buffer;
  type: string;
  /** The answer when the server takes the picture: a 200, or the code of the refusal. */
  expected: 200 | 'PHOTO_TOO_LARGE';
}

describe('memory of picture uploads (compiled server, SQLite)', () => {
  let database: TestDatabase;
  let server: ChildProcess;
  let exited: Promise<unknown>;
  let output = '';
  let url: string;
  let client: TestClient;
  let expenseId: string;
  const figures: string[] = [];
  const started = performance.now();

  const hostile: Upload[] = [];
  const accepted: Upload[] = [];

  beforeAll(async () => {
    // The compiled server is what houses run (about 80 MB at rest); built only when stale.
    execFileSync(process.execPath, ['scripts/build.mjs', 'server', '--quiet'], { cwd: root, stdio: 'inherit' });
    database = await createTestDatabase('sqlite');
    await createUser({ db: database.db, now: () => new Date(), config: { passwordHash: FAST_PASSWORD_HASH } }, { email: EMAIL, name: 'Memoria', password: PASSWORD, role: 'member' });

    // A uniform picture compresses to almost nothing, whatever it costs decoded.
    const uniform = (width: number, height: number, channels: 3 | 4) => sharp({ create: { width, height, channels, background: { r: 138, g: 90, b: 43, alpha: 1 } } });
    hostile.push(
      {
        name: 'PNG 7745×7745 16-bit RGBA interlaced',
        bytes: await uniform(7745, 7745, 4).toColourspace('rgb16').png({ progressive: true, compressionLevel: 9 }).toBuffer(),
        type: 'image/png',
        expected: 'PHOTO_TOO_LARGE',
      },
      {
        name: 'JPEG 8000×6000 progressive, orientation 6',
        bytes: await uniform(8000, 6000, 3).jpeg({ progressive: true }).withMetadata({ orientation: 6 }).toBuffer(),
        type: 'image/jpeg',
        expected: 'PHOTO_TOO_LARGE',
      },
    );
    accepted.push(
      {
        name: 'phone JPEG 8000×6000 (48 MP) baseline, orientation 6',
        bytes: await uniform(8000, 6000, 3).jpeg().withMetadata({ orientation: 6 }).toBuffer(),
        type: 'image/jpeg',
        expected: 200,
      },
      { name: 'HEIC 4032×3024 (12 MP)', bytes: fs.readFileSync(path.join(fixtures, 'photo-12mp.heic')), type: 'image/heic', expected: 200 },
      // The two below need almost all of what one decode may hold (users/image-memory.ts).
      {
        name: 'JPEG 4000×3000 progressive',
        bytes: await uniform(4000, 3000, 3).jpeg({ progressive: true }).toBuffer(),
        type: 'image/jpeg',
        expected: 200,
      },
      {
        name: 'PNG 3540×3540 RGBA interlaced',
        bytes: await uniform(3540, 3540, 4).png({ progressive: true }).toBuffer(),
        type: 'image/png',
        expected: 200,
      },
    );

    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [path.join(root, 'build/current/server/main.js')], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: database.dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        WRITE_LIMIT_PER_MINUTE: '100000',
        // As `npm run serve` starts it (docs/operations.md says why).
        MALLOC_MMAP_THRESHOLD_: '131072',
        MALLOC_ARENA_MAX: '2',
      },
    });
    server.stdout!.on('data', (d) => (output += d));
    server.stderr!.on('data', (d) => (output += d));
    exited = new Promise((resolve) => server.on('exit', resolve));
    let healthy = false;
    for (let i = 0; i < 300 && server.exitCode === null && !healthy; i += 1) {
      healthy = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
      if (!healthy) await new Promise((r) => setTimeout(r, 50));
    }
    if (!healthy) throw new Error(`the compiled server did not answer (exit ${server.exitCode}):\n${output}`);
    client = new TestClient(url);
    expect((await client.post('/api/session', { email: EMAIL, password: PASSWORD })).status, output).toBe(200);
    const me = (await client.get('/api/profile')).body.user.id;
    const expense = await client.post('/api/expenses', { date: '2026-11-20', amountCentimes: 4550, category: 'repairs', description: 'Vetro', paidById: me, recurring: false });
    expect(expense.status, JSON.stringify(expense.body)).toBe(201);
    expenseId = expense.body.expense.id;
  });

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGKILL');
      await exited;
    }
    await database?.drop();
    console.info(`[image-memory] ${figures.join('; ')}; ${Math.round((performance.now() - started) / 100) / 10} s in all`);
  });

  const send = (upload: Upload, as: 'receipt' | 'photo'): Promise<TestResponse> =>
    client.request('PUT', as === 'receipt' ? `/api/expenses/${expenseId}/receipt` : '/api/profile/photo', new Uint8Array(upload.bytes), { 'content-type': upload.type });

  /** Sends the uploads at once; every one is answered as expected or refused for now (503 with Retry-After). */
  async function round(label: string, uploads: Upload[], as: 'receipt' | 'photo') {
    const restMb = Math.round(kb(server.pid!, 'VmRSS') / 1024);
    resetPeak(server.pid!);
    const answers = await Promise.all(uploads.map(async (upload) => ({ upload, response: await send(upload, as) })));
    const peakMb = Math.round(kb(server.pid!, 'VmHWM') / 1024);
    figures.push(`${label} as ${as}: ${restMb} → ${peakMb} MB (${answers.map(({ response }) => response.status).join(' ')})`);
    for (const { upload, response } of answers) {
      const answer =
        response.status === 503
          ? { status: 503, code: response.body.error?.code, retryAfter: Number(response.headers.get('retry-after')) > 0 }
          : { status: response.status, code: response.body.error?.code };
      const wanted = upload.expected === 200 ? { status: 200, code: undefined } : { status: 400, code: upload.expected };
      const busy = { status: 503, code: 'SERVER_BUSY', retryAfter: true };
      expect([wanted, busy], `${upload.name} as ${as}: ${JSON.stringify(answer)}`).toContainEqual(answer);
    }
    expect(peakMb, `${label} as ${as}`).toBeLessThan(LIMIT_MB);
    return answers;
  }

  for (const as of ['receipt', 'photo'] as const) {
    it(`keeps each hostile picture, alone and eight at once, under ${LIMIT_MB} MB as a ${as}`, async () => {
      for (const upload of hostile) await round(upload.name, [upload], as);
      await round('8 hostile at once', Array.from({ length: 8 }, (_, i) => hostile[i % hostile.length]!), as);
    }, DECODING_MS);

    it(`takes real phone pictures, eight at once, under ${LIMIT_MB} MB as a ${as}`, async () => {
      for (const upload of accepted) {
        const [answer] = await round(upload.name, [upload], as);
        expect(answer!.response.status, upload.name).toBe(200);
      }
      const answers = await round('8 phone pictures at once', Array.from({ length: 8 }, (_, i) => accepted[i % accepted.length]!), as);
      expect(answers.some(({ response }) => response.status === 200)).toBe(true);
    }, DECODING_MS);
  }

  it('still serves afterwards', async () => {
    expect((await client.get('/api/health')).status).toBe(200);
    const small = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2f5d8a' } }).jpeg().toBuffer();
    expect((await send({ name: 'small', bytes: small, type: 'image/jpeg', expected: 200 }, 'photo')).status).toBe(200);
    expect(server.exitCode, output).toBeNull();
  });
});
