import type { Plugin } from 'vite';
import { KITS } from './chunking.ts';

/**
 * V8's explicit compile hint (Chrome 136 and later; v8.dev/blog/explicit-compile-hints): a script
 * that starts with this comment has all its functions compiled while it streams in, on a
 * background thread, instead of each one on the main thread at its first call. React, the router
 * and the kits run most of their functions in the first render, where the main thread is the
 * bottleneck (docs/performance.md). Other browsers read a comment.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The chunks a page runs while it loads: the entry and the kits. */
const KIT_NAMES = new Set<string>(KITS);

const hinted = (chunk: { isEntry: boolean; name: string }) => chunk.isEntry || KIT_NAMES.has(chunk.name);

/** Puts the hint on the first line of those chunks, after Vite's own additions (its preload helper) and the minifier. */
export function compileHints(): Plugin {
  return {
    name: 'rustico-compile-hints',
    apply: 'build',
    augmentChunkHash: (chunk) => (hinted(chunk) ? COMPILE_HINT : undefined),
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || !hinted(output)) continue;
          output.code = `${COMPILE_HINT}\n${output.code}`;
          // The hint is a line of its own: a source map (a build made to profile) starts one line later.
          const map = bundle[`${output.fileName}.map`];
          if (map?.type === 'asset') {
            const source = JSON.parse(String(map.source)) as { mappings: string };
            map.source = JSON.stringify({ ...source, mappings: `;${source.mappings}` });
          }
        }
      },
    },
  };
}
