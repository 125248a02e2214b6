// Puts what production needs into a folder: the current build, the package manifests for
// `npm ci --omit=dev`, and the house's texts. No sources, so `npm start` there never builds.
//
//   node scripts/release.mjs <folder>
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const target = process.argv[2];
if (!target || process.argv.length > 3) {
  console.error('Usage: node scripts/release.mjs <folder>');
  process.exit(2);
}
const out = path.resolve(target);
if (fs.existsSync(out) && fs.readdirSync(out).length > 0) {
  console.error(`${out} is not empty: give a new or empty folder.`);
  process.exit(1);
}
const current = path.join(root, 'build/current');
if (!fs.existsSync(path.join(current, 'server/main.js')) || !fs.existsSync(path.join(current, 'web/index.html'))) {
  console.error('No complete build yet: run npm run build first.');
  process.exit(1);
}

const copy = (relative) => fs.cpSync(path.join(root, relative), path.join(out, relative), { recursive: true });
for (const file of ['package.json', 'package-lock.json', '.npmrc', 'scripts/build.mjs', 'content']) copy(file);
for (const workspace of ['apps/server', 'apps/web', 'packages/core']) copy(`${workspace}/package.json`);
const id = fs.readlinkSync(current);
copy(`build/${id}`);
fs.symlinkSync(id, path.join(out, 'build/current'));
console.log(`Release in ${out} (build ${id}). There: npm ci --omit=dev, then npm start or node build/current/server/main.js.`);
