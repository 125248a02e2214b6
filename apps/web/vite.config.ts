import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** The placeholder in src/sw.ts that becomes the precache manifest at build time. */
const MANIFEST_PLACEHOLDER = '__RUSTICO_PRECACHE_MANIFEST__';
const SW_ENTRY = 'sw';

function publicFiles(dir: string): string[] {
  if (!dir) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/**
 * Builds src/sw.ts as /sw.js at the site root and injects the list of emitted
 * files (app shell) and a cache version derived from their hashed names.
 */
function serviceWorker(): Plugin {
  let publicDir = '';
  return {
    name: 'rustico-service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      publicDir = resolved.publicDir;
    },
    generateBundle(_options, bundle) {
      const sw = Object.values(bundle).find(
        (item) => item.type === 'chunk' && item.isEntry && item.name === SW_ENTRY,
      );
      if (!sw || sw.type !== 'chunk') this.error('service worker chunk not found');
      const files = [...Object.keys(bundle), ...publicFiles(publicDir)]
        .filter((name) => name !== sw.fileName)
        .filter((name) => !name.endsWith('.map') && !name.startsWith('.vite/'))
        .filter((name) => /\.(html|js|css|svg|png|webmanifest|woff2)$/.test(name))
        .map((name) => `/${name}`);
      if (!files.includes('/index.html')) files.push('/index.html');
      files.sort();
      const hash = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 10);
      const manifest = { version: `${pkg.version}-${hash}`, files };
      const pattern = new RegExp(`(["'\`])${MANIFEST_PLACEHOLDER}\\1`);
      if (!pattern.test(sw.code)) this.error('precache placeholder missing in the service worker');
      sw.code = sw.code.replace(pattern, JSON.stringify(JSON.stringify(manifest)));
    },
  };
}

export default defineConfig({
  plugins: [react(), serviceWorker()],
  server: {
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: false } },
  },
  build: {
    rollupOptions: {
      input: { index: 'index.html', [SW_ENTRY]: 'src/sw.ts' },
      output: {
        entryFileNames: (chunk) =>
          chunk.name === SW_ENTRY ? 'sw.js' : 'assets/[name]-[hash].js',
      },
    },
  },
});
