import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * Core's rules (functions, constants) load on every screen of the web app; its zod schemas
 * only with forms. A bundler keeps a module whole, so a rule module that imports zod or a
 * schema brings all of zod into a phone's first paint. Schemas live in api/, rules elsewhere.
 * Files are read through TypeScript's `ts.sys`: core's tsconfig has no Node types.
 */
const SRC = expect.getState().testPath!.replace(/\/[^/]+$/, '');
const API = `${SRC}/api/`;
const OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  target: ts.ScriptTarget.ES2023,
  allowImportingTsExtensions: true,
  verbatimModuleSyntax: true,
};

const ruleModules = ts.sys
  .readDirectory(SRC, ['.ts'])
  // index.ts is the barrel that re-exports both halves.
  .filter((file) => !file.endsWith('.test.ts') && !file.startsWith(API) && file !== `${SRC}/index.ts`);

/**
 * The modules a file still loads once compiled. Under verbatimModuleSyntax (tsconfig.base.json)
 * `import type` is erased, but `import { type X }` stays as `import {}` and loads its module.
 */
function runtimeImports(file: string): { specifier: string; resolved: string }[] {
  const { outputText } = ts.transpileModule(ts.sys.readFile(file)!, { fileName: file, compilerOptions: OPTIONS });
  return ts.preProcessFile(outputText, true, true).importedFiles.map(({ fileName: specifier }) => ({
    specifier,
    resolved: ts.resolveModuleName(specifier, file, OPTIONS, ts.sys).resolvedModule?.resolvedFileName ?? specifier,
  }));
}

const isSchemaImport = ({ specifier, resolved }: { specifier: string; resolved: string }) =>
  specifier === 'zod' || specifier.startsWith('zod/') || resolved.includes('/node_modules/zod/') || resolved.startsWith(API);

describe('packages/core layout: rules without zod, schemas in api/', () => {
  it('finds the rule modules', () => {
    expect(ruleModules).toContain(`${SRC}/notes.ts`);
  });

  it.each(ruleModules.map((file) => [file.slice(SRC.length + 1), file]))('%s imports neither zod nor api/ at run time', (name, file) => {
    const offending = runtimeImports(file).filter(isSchemaImport).map((imported) => imported.specifier);
    expect(
      offending,
      `packages/core/src/${name} imports ${offending.join(', ')} at run time. Rule modules stay free of zod (the web app's first paint): ` +
        'move the schema to api/, and import types from api/ with `import type { … }`.',
    ).toEqual([]);
  });
});
