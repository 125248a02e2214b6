import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OTHER_LAZY_MODULES, ROUTE_MODULES } from './route-modules.ts';

const web = path.resolve(import.meta.dirname, '../..');

describe('the route modules the server preloads', () => {
  it('name every module the router loads lazily, and nothing else', () => {
    const router = fs.readFileSync(path.join(web, 'src/app/router.tsx'), 'utf8');
    const lazy = [...router.matchAll(/import\('(\.{1,2}\/[^']+)'\)/g)].map((match) => path.posix.join('src/app', match[1]!));
    const listed = new Set([...ROUTE_MODULES.flatMap((route) => route.modules), ...OTHER_LAZY_MODULES]);
    expect([...listed].sort()).toEqual([...new Set(lazy)].sort());
    for (const module of listed) expect(fs.existsSync(path.join(web, module)), module).toBe(true);
  });

  it('mark as sections the paths of the navigation, and no other', () => {
    const shell = fs.readFileSync(path.join(web, 'src/app/shell.tsx'), 'utf8');
    const navigation = [...shell.matchAll(/\{ to: '([^']+)'/g)].map((match) => match[1]);
    expect(navigation.length).toBeGreaterThan(0);
    expect(ROUTE_MODULES.filter((route) => route.section).map((route) => route.path)).toEqual(navigation);
  });

  it('name each path once', () => {
    const paths = ROUTE_MODULES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
