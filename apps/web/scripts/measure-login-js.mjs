// Measures the JS a browser downloads to show /login: the entry chunk from
// dist/index.html, its static imports, and the login route chunk with its
// static imports (what Vite preloads for the lazy route), brotli-compressed.
// Usage: node apps/web/scripts/measure-login-js.mjs [distDir] [budgetKiB]
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

const dist = process.argv[2] ?? new URL('../dist/', import.meta.url).pathname;
const budget = Number(process.argv[3] ?? 100) * 1024;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/([^"]+\.js)"/g)].map(
  (match) => match[1],
);
const login = readdirSync(join(dist, 'assets')).find((name) => /^login-page-.*\.js$/.test(name));
if (!login) throw new Error('login-page chunk not found');

const seen = new Set();
function visit(file) {
  if (seen.has(file)) return;
  seen.add(file);
  const code = readFileSync(join(dist, file), 'utf8');
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)) {
    visit(`assets/${match[1]}`);
  }
}
for (const entry of entries) visit(entry);
visit(`assets/${login}`);

let total = 0;
for (const file of [...seen].sort()) {
  const size = brotliCompressSync(readFileSync(join(dist, file)), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KiB  ${file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KiB  total JS for /login (brotli), budget ${budget / 1024} KiB`);
if (total > budget) process.exitCode = 1;
