import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { DEFERRED_LIBRARIES, kitGroup } from './bundling/chunking.ts';
import { compileHints } from './bundling/compile-hints.ts';
import { directIconImports } from './bundling/direct-icons.ts';
import { isIdlePart } from './bundling/idle-parts.ts';
import { inAppShell, ROUTE_MODULES, type RouteImage } from './src/app/route-modules.ts';

/** A route's files the entry does not bring: its chunks (JavaScript) and their CSS, as URLs. */
export interface RoutePreload {
  path: string;
  js: string[];
  css: string[];
  session: boolean;
  image?: RouteImage;
  data: readonly string[];
  /** Inside the app's shell: the page preloads the whole catalog of its language, Italian too. */
  wholeCatalog: boolean;
}

/** The whole catalogs, loaded before the first render of a page that speaks their language (src/lib/i18n.ts). */
const LOCALE_MODULES = { it: 'src/lib/locales/it.ts', de: 'src/lib/locales/de.ts', en: 'src/lib/locales/en.ts', fr: 'src/lib/locales/fr.ts' } as const;

/**
 * Writes route-preloads.json: for each path of src/app/route-modules.ts, the chunks its lazy
 * modules need and their CSS, less what the entry loads anyway. The server names them in the
 * page it sends for that path (modulepreloads and style sheets), so they download beside the entry.
 */
function routePreloads(): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'rustico-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      /** A chunk and everything it imports statically (what loading it fetches). */
      const closure = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return;
        into.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, into);
      };
      const initial = new Set<string>();
      for (const entry of chunks.filter((chunk) => chunk.isEntry)) closure(entry.fileName, initial);
      /**
       * The CSS a chunk brings, in the order Vite's preload helper adds it to the page: each chunk's
       * after that of the chunks it imports, so a screen's rules come after its kits' (the cascade).
       */
      const cssOf = (fileName: string, visited: Set<string>, into: Set<string>) => {
        if (visited.has(fileName)) return;
        visited.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) cssOf(imported, visited, into);
        for (const css of byFile.get(fileName)?.viteMetadata?.importedCss ?? []) into.add(css);
      };
      const routes: RoutePreload[] = ROUTE_MODULES.map((route) => {
        const files = new Set<string>();
        const visited = new Set(initial);
        const css = new Set<string>();
        for (const module of route.modules) {
          const chunk = chunks.find((candidate) => candidate.moduleIds.includes(path.join(root, module)));
          if (!chunk) this.error(`${module} (for ${route.path}) is in no chunk: does the router still import it?`);
          closure(chunk.fileName, files);
          cssOf(chunk.fileName, visited, css);
        }
        const js = [...files].filter((file) => !initial.has(file));
        return {
          path: route.path,
          js: js.map((file) => base + file),
          css: [...css].map((file) => base + file),
          session: route.session,
          ...(route.image ? { image: route.image } : {}),
          data: route.data ?? [],
          wholeCatalog: inAppShell(route),
        };
      });
      const locales = Object.fromEntries(
        Object.entries(LOCALE_MODULES).map(([locale, module]) => {
          const chunk = chunks.find((candidate) => candidate.facadeModuleId === path.join(root, module));
          if (!chunk) this.error(`${module} is no chunk of its own: is it still loaded lazily?`);
          return [locale, base + chunk.fileName];
        }),
      );
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: `${JSON.stringify({ routes, locales }, null, 1)}\n` });
    },
  };
}

/**
 * react-router's package exports name only its development build, whose dev warnings stay on in
 * production (remix-run/react-router#14102). The production build is the same code with them off.
 */
const reactRouterProduction = path.join(path.dirname(fileURLToPath(import.meta.resolve('react-router'))), '../production/index.mjs');

export default defineConfig(({ command }) => ({
  resolve: { alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [] },
  plugins: [
    react(),
    directIconImports(),
    routePreloads(),
    compileHints(),
    // Workbox builds src/sw.ts as /sw.js with the list of the build's files injected; the app
    // registers it itself (lib/register-sw.ts) and keeps its own web manifest in public/.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        rollupFormat: 'iife',
        globPatterns: ['**/*.{html,js,css,svg,png,webmanifest,woff2}'],
        // Hero pictures come in several sizes: only the one a screen uses is fetched and cached.
        globIgnores: ['**/images/**'],
        // Hashed file names are their own revision.
        dontCacheBustURLsMatching: /-[\w-]{8}\.\w+$/,
      },
    }),
  ],
  build: {
    // The idle parts' imports come as the browser finds them (bundling/idle-parts.ts).
    modulePreload: { resolveDependencies: (file, deps) => (isIdlePart(file) ? [] : deps) },
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [...DEFERRED_LIBRARIES.map((library) => ({ ...library, priority: 2 })), { ...kitGroup(import.meta.dirname), priority: 1 }],
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: false } },
  },
}));
