/**
 * How the build groups modules into files (rolldown's codeSplitting groups, vite.config.ts).
 * Left alone, every module two screens share became a file of its own: /app asked for some
 * 60 scripts and 16 style sheets, and on a phone each request cost main-thread time and a
 * connection slot (Lighthouse: a third of the main thread before the first paint).
 *
 * - `login`: what /login needs beyond the entry, so /login stays within its budget.
 * - `public`: what the other public pages (visitor, setup, password links) need beyond that.
 * - `app`: what the /app shell needs and what two or more screens share, one of them a section of
 *   the navigation (a part a screen loads later, such as Gestione's Note tab, included), in one
 *   file that every logged-in screen loads with its own chunk.
 * - `pages`: what only the pages below the sections share (statistics, accounts, rules, profile:
 *   charts, the year picker, the form dialog), so the sections a member lives in do not download it
 *   before their first paint.
 * - Libraries only some dialogs and forms use keep files of their own, so a screen that never
 *   opens them does not pay for them.
 * The entry's own modules (React, the router) are never moved.
 */
import type { Rolldown } from 'vite';
import { APP_SHELL, inAppShell, ROUTE_MODULES, type RouteModules } from '../src/app/route-modules.ts';

/** The kits (chunk names); each is loaded by every page that uses one of its modules, with its first paint. */
export const KITS = ['login', 'public', 'app', 'pages'] as const;
type Kit = (typeof KITS)[number];

type Group = NonNullable<Exclude<Rolldown.OutputOptions['codeSplitting'], boolean | undefined>['groups']>[number];
type Context = Parameters<Extract<Group['name'], (...args: never[]) => unknown>>[1];

const ENTRY = 'src/main.tsx';
const LOGIN = 'src/auth/login-page.tsx';

/** Libraries that load with the dialog or form that needs them, not with the screen. */
export const DEFERRED_LIBRARIES: readonly { name: string; test: RegExp }[] = [
  { name: 'select', test: /node_modules[\\/](@radix-ui[\\/]react-(select|popper)|@floating-ui)[\\/]/ },
  // Radix's building blocks (layers, presence, focus, collections), shared by the dialogs, the
  // select menu and the toasts: one file, fetched with whichever of them comes first.
  { name: 'radix', test: /node_modules[\\/]@radix-ui[\\/](?!react-(select|popper|dialog|toast)[\\/])/ },
  { name: 'forms', test: /node_modules[\\/]react-hook-form[\\/]/ },
  // Core's API schemas with zod: the web checks only form input with them (form-schemas.ts files).
  { name: 'schemas', test: /node_modules[\\/](@hookform[\\/]resolvers|zod)[\\/]|packages[\\/]core[\\/]src[\\/]api[\\/]/ },
];

/**
 * Modules reached by static imports from `from` (itself included), and with `later` by dynamic
 * ones too (the parts a screen loads after its first paint). Icons are imported one by one
 * (direct-icons.ts), so this is exact.
 */
function importClosure(ctx: Context, from: string, later = false): Set<string> {
  const seen = new Set<string>();
  const queue = [from];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    queue.push(...(info?.importedIds ?? []), ...(later ? (info?.dynamicallyImportedIds ?? []) : []));
  }
  return seen;
}

/**
 * Which kit file each module goes to; computed once per build from the module graph. A page's
 * own module stays in its own chunk: a kit holds what pages share.
 */
function kitsOf(ctx: Context, root: string): Map<string, Kit> {
  const resolve = (file: string) => `${root}/${file}`;
  const closure = (file: string) => importClosure(ctx, resolve(file));
  const publicPages = ROUTE_MODULES.filter((route) => !inAppShell(route)).flatMap((route) => route.modules);
  const screenModules = (routes: readonly RouteModules[]) => [...new Set(routes.flatMap((route) => route.modules.filter((module) => module !== APP_SHELL)))];
  const screens = screenModules(ROUTE_MODULES.filter(inAppShell));
  const pages = new Set([...publicPages, ...screens].map(resolve));

  const kits = new Map<string, Kit>();
  const taken = closure(ENTRY);
  const assign = (ids: Iterable<string>, kit: Kit) => {
    for (const id of ids) {
      if (taken.has(id) || pages.has(id)) continue;
      taken.add(id);
      kits.set(id, kit);
    }
  };
  const reach = new Map<string, number>();
  for (const screen of screens) for (const id of closure(screen)) reach.set(id, (reach.get(id) ?? 0) + 1);
  const shell = closure(APP_SHELL);
  const shared = [...reach].filter(([, count]) => count >= 2).map(([id]) => id);
  // A screen's own modules may load parts of it later (a tab, the steps of a form): what such a part
  // shares with another screen's first paint goes in the kit too, not in a file of a few hundred bytes.
  for (const screen of screens) {
    const own = closure(screen);
    const parts = [...own].filter((id) => reach.get(id) === 1 && !shell.has(id)).flatMap((id) => ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? []);
    for (const part of parts) shared.push(...[...importClosure(ctx, part)].filter((id) => reach.has(id) && !own.has(id)));
  }
  // With the parts the shell and the sections load later (the toast region, Gestione's steps): a
  // part that imported the `pages` kit would fetch all of it.
  const sections = [APP_SHELL, ...screenModules(ROUTE_MODULES.filter((route) => route.section))];
  const inSections = new Set(sections.flatMap((screen) => [...importClosure(ctx, resolve(screen), true)]));
  const app = new Set([...shell, ...shared.filter((id) => inSections.has(id))]);

  assign(closure(LOGIN), 'login');
  // What the other public pages share with the app; what only they use stays with them.
  for (const page of publicPages) assign([...closure(page)].filter((id) => app.has(id) || reach.has(id)), 'public');
  assign(app, 'app');
  assign(shared, 'pages');
  return kits;
}

/** The kits as one codeSplitting group (a module's kit is its chunk's name). */
export function kitGroup(root: string): Group {
  let kits: Map<string, string> | undefined;
  return { name: (id, ctx) => (kits ??= kitsOf(ctx, root)).get(id) ?? null };
}
