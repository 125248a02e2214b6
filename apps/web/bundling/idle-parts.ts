/**
 * The parts screens fetch once the browser is idle (lib/load-when-idle.ts), so they are there
 * when a dialog, a select menu, a step of a form, a tab or a message opens. vite.config.ts
 * fetches them without preloading their imports: Vite's preload helper would add a <link> per
 * file inside the idle callback, which makes it a long task on a phone. The browser finds those
 * imports itself, a round trip later, and the part's CSS is still added before it paints.
 */
export const IDLE_PARTS: readonly string[] = [
  'src/ui/dialog-layer.tsx',
  'src/ui/toast-region.tsx',
  'src/ui/select-menu.tsx',
  'src/management/register/step-for.tsx',
  'src/notes/notes-tab.tsx',
];

const chunkNames = new Set(IDLE_PARTS.map((module) => module.replace(/^.*\//, '').replace(/\.tsx?$/, '')));

/** Whether a built file (assets/<name>-<hash>.js) is one of the idle parts. */
export const isIdlePart = (file: string): boolean => chunkNames.has(file.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, ''));
