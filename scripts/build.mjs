// Builds what is missing or older than its sources into a fresh folder and swaps it in.
//
//   node scripts/build.mjs [server|web]... [--force] [--quiet]
//
// build/<id>/server/{main,cli}.js  the server and CLI, compiled, npm packages left external
// build/<id>/web/                  the web app (vite), pre-compressed
// build/<id>/build.json            the fingerprint of the sources each part was built from
// build/current -> <id>            swapped by one rename, so a running or starting server
//                                  never sees a half-built folder
//
// The compiled server sits three folders below the repository, as its sources do
// (apps/server/src), so the paths it finds from its own location stay the same.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const buildDir = path.join(root, 'build');
const current = path.join(buildDir, 'current');

const args = process.argv.slice(2);
const force = args.includes('--force');
const quiet = args.includes('--quiet');
const unknown = args.find((arg) => !['server', 'web', '--force', '--quiet'].includes(arg));
if (unknown) {
  console.error(`build: unknown argument '${unknown}' (expected server, web, --force, --quiet)`);
  process.exit(2);
}
const wanted = args.filter((arg) => !arg.startsWith('--'));
const targets = wanted.length ? wanted : ['server', 'web'];

/** What each part is built from; a release folder without sources counts as current. */
const SOURCES = {
  server: ['apps/server/src', 'apps/server/package.json', 'packages/core/src', 'packages/core/package.json', 'package.json', 'package-lock.json', 'scripts/build.mjs'],
  web: [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/bundling',
    'apps/web/package.json',
    'packages/core/src',
    'packages/core/package.json',
    'package-lock.json',
    'scripts/build.mjs',
    'scripts/compress-dist.mjs',
  ],
};
const SKIP = /(\.test\.tsx?|\.d\.ts)$/;

function filesUnder(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [entry];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((dirent) => dirent.isFile() && !SKIP.test(dirent.name))
    .map((dirent) => path.relative(root, path.join(dirent.parentPath, dirent.name)));
}

/** A hash of the sources' names and contents: copies and checkouts that change nothing stay current. */
function fingerprint(target) {
  const hash = createHash('sha256');
  // The first entry is the part's source folder: a release folder has none.
  if (!fs.existsSync(path.join(root, SOURCES[target][0]))) return null;
  const files = SOURCES[target].flatMap(filesUnder).sort();
  for (const file of files) hash.update(`${file}\0`).update(fs.readFileSync(path.join(root, file))).update('\0');
  return hash.digest('hex');
}

function readStamp(dir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'build.json'), 'utf8'));
  } catch {
    return {};
  }
}

class BuildFailed extends Error {}

function log(message) {
  if (!quiet) console.log(message);
}

function requireTool(name) {
  try {
    return import.meta.resolve(name);
  } catch {
    throw new BuildFailed(`a build older than its sources needs ${name}, which is not installed (a production install?): build where the development tools are (npm ci && npm run build)`);
  }
}

/** Packages many houses never use: the server imports them where they are first needed. */
const LOADED_ON_FIRST_USE = ['pg', 'prom-client', 'web-push', 'swissqrbill/svg', 'swissqrbill/pdf', 'pdfkit', 'nodemailer', 'markdown-it', 'sharp', 'libheif-js', '@node-rs/argon2', '@fastify/swagger', '@simplewebauthn/server'];

/** Native modules load their compiled part from beside their own files. */
const NATIVE = ['better-sqlite3', 'sharp', '@node-rs/argon2'];

const packageOf = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/**
 * Left in node_modules: native modules, and the packages loaded on first use (so that they stay
 * out of the start). Everything else the server loads at start (fastify and its plugins, zod,
 * kysely, pino, the workspace packages) is bundled in: resolved and read as some 430 small
 * modules, the same code cost 60 ms more at every start and 2 MB more heap.
 */
const EXTERNAL = new Set([...LOADED_ON_FIRST_USE, ...NATIVE].map(packageOf));

/** Worker scripts (plain ES modules), copied beside main.js where `new URL(…, import.meta.url)` finds them. */
const WORKERS = ['apps/server/src/users/heic-worker.mjs'];

async function buildServer(out) {
  const esbuild = await import(requireTool('esbuild'));
  const { metafile } = await esbuild.build({
    entryPoints: { main: path.join(root, 'apps/server/src/main.ts'), cli: path.join(root, 'apps/server/src/cli.ts') },
    outdir: out,
    bundle: true,
    // A module the server imports where it is first needed (the PDF statement) becomes a chunk of its own.
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    logLevel: 'warning',
    define: { RUSTICO_COMPILED: 'true' },
    // No comments or indentation: the running server holds its source text in memory, and a single
    // non-Latin-1 character in a bundled library's comment doubles that string (UTF-16). Names stay
    // readable in stack traces.
    minifyWhitespace: true,
    minifySyntax: true,
    metafile: true,
    // The bundled CommonJS packages require Node's own modules, which an ES module output can only do through createRequire.
    banner: { js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);" },
    plugins: [
      {
        name: 'native-and-first-use-external',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (resolved) => (EXTERNAL.has(packageOf(resolved.path)) ? { path: resolved.path, external: true } : undefined));
        },
      },
    ],
  });
  // Started as worker threads by their URL beside the code that starts them.
  for (const worker of WORKERS) fs.copyFileSync(path.join(root, worker), path.join(out, path.basename(worker)));
  // What the start loads: main.js and the chunks it imports statically, with their npm imports.
  const outputs = new Map(Object.entries(metafile.outputs).map(([file, output]) => [path.resolve(file), output]));
  const atStart = new Set();
  const visit = (file) => {
    if (atStart.has(file)) return;
    atStart.add(file);
    for (const imported of outputs.get(file).imports) if (!imported.external && imported.kind === 'import-statement') visit(path.resolve(imported.path));
  };
  visit([...outputs.keys()].find((file) => file.endsWith(`${path.sep}main.js`)));
  const eager = [...atStart].flatMap((file) => outputs.get(file).imports).filter((i) => i.external && i.kind === 'import-statement' && LOADED_ON_FIRST_USE.includes(i.path)).map((i) => i.path);
  if (eager.length > 0) {
    throw new BuildFailed(`the server imports ${eager.join(', ')} at start: import it where it is first needed (see docs/architecture.md)`);
  }
}

function buildWeb(out) {
  const vite = new URL('bin/vite.js', requireTool('vite/package.json'));
  const run = (command) => {
    const result = spawnSync(process.execPath, command, { cwd: path.join(root, 'apps/web'), stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit' });
    if (result.status !== 0) throw new BuildFailed(`${path.basename(command[0])} failed`);
  };
  run([vite.pathname, 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn']);
  run([path.join(root, 'scripts/compress-dist.mjs'), out]);
}

/** Keeps the current build and the one before it (a server started from it may still run and serve its web app). */
function prune(keep) {
  const hour = 60 * 60 * 1000;
  for (const entry of fs.readdirSync(buildDir)) {
    if (entry === 'current' || keep.includes(entry)) continue;
    const full = path.join(buildDir, entry);
    // A folder another build is still writing starts with '.'; left alone for an hour.
    if (entry.startsWith('.') && Date.now() - fs.statSync(full).mtimeMs < hour) continue;
    fs.rmSync(full, { recursive: true, force: true });
  }
}

async function main() {
  fs.mkdirSync(buildDir, { recursive: true });
  const previousId = fs.existsSync(current) ? fs.readlinkSync(current) : null;
  const stamp = previousId ? readStamp(current) : {};
  const fresh = {};
  const stale = [];
  for (const target of ['server', 'web']) {
    fresh[target] = fingerprint(target);
    const built = previousId && fs.existsSync(path.join(current, target));
    const needed = targets.includes(target) && (force || !built || (fresh[target] !== null && stamp[target] !== fresh[target]));
    if (needed) stale.push(target);
  }
  if (stale.length === 0) {
    log(`build: ${targets.join(' and ')} current (build/${previousId})`);
    return;
  }

  const id = `${new Date().toISOString().replaceAll(':', '-').replace('.', '-')}-${process.pid}`;
  const work = path.join(buildDir, `.${id}`);
  fs.mkdirSync(work);
  const started = Date.now();
  const nextStamp = {};
  try {
    for (const target of ['server', 'web']) {
      const out = path.join(work, target);
      if (stale.includes(target)) {
        log(`build: ${target}…`);
        if (target === 'server') await buildServer(out);
        else buildWeb(out);
        nextStamp[target] = fresh[target];
      } else if (previousId && fs.existsSync(path.join(current, target))) {
        fs.cpSync(path.join(current, target), out, { recursive: true });
        nextStamp[target] = stamp[target];
      }
    }
  } catch (error) {
    fs.rmSync(work, { recursive: true, force: true });
    if (!(error instanceof BuildFailed)) throw error;
    console.error(`build: ${error.message}; build/current is unchanged.`);
    process.exit(1);
  }
  fs.writeFileSync(path.join(work, 'build.json'), `${JSON.stringify(nextStamp, null, 2)}\n`);
  fs.renameSync(work, path.join(buildDir, id));
  const link = path.join(buildDir, `.current-${id}`);
  fs.symlinkSync(id, link);
  // Another build may have swapped in its own meanwhile: the one replaced here is kept too.
  const replaced = fs.existsSync(current) ? fs.readlinkSync(current) : null;
  fs.renameSync(link, current);
  prune([id, previousId, replaced].filter(Boolean));
  log(`build: ${stale.join(' and ')} built in ${((Date.now() - started) / 1000).toFixed(1)} s (build/${id})`);
}

await main();
