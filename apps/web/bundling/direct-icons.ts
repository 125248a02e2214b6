import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

const IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["'];?/g;

/** Every name lucide-react's index exports for an icon (`Eye`, `EyeIcon`, `LucideEye`), to the icon's own module. */
function iconFiles(): Map<string, string> {
  const entry = createRequire(import.meta.url).resolve('lucide-react');
  const index = fs.readFileSync(path.join(path.dirname(entry), '../esm/lucide-react.mjs'), 'utf8');
  const files = new Map<string, string>();
  for (const [, names, file] of index.matchAll(/export\s*\{([^}]*)\}\s*from\s*'\.\/icons\/([\w-]+)\.mjs'/g)) {
    for (const name of names!.split(',')) files.set(name.replace(/^\s*default\s+as\s+/, '').trim(), file!);
  }
  return files;
}

/**
 * `import { Eye } from 'lucide-react'` becomes `import Eye from 'lucide-react/icons/eye'` (a path the
 * package exports). Through the index every module that takes one icon seems to take all 1,600, so the
 * build could not tell which icons /login needs (bundling/chunking.ts) and kept each icon in a file
 * of its own; with direct imports the module graph says exactly who uses which icon.
 */
export function directIconImports(): Plugin {
  let files: Map<string, string> | undefined;
  return {
    name: 'rustico-direct-icon-imports',
    apply: 'build',
    transform(code, id) {
      if (id.includes('node_modules') || !code.includes('lucide-react')) return null;
      files ??= iconFiles();
      const edited = new MagicString(code);
      for (const match of code.matchAll(IMPORT)) {
        const kept: string[] = [];
        const direct: string[] = [];
        for (const specifier of match[1]!.split(',').map((part) => part.trim()).filter(Boolean)) {
          const [imported, local = imported] = specifier.split(/\s+as\s+/).map((part) => part.trim());
          const file = files.get(imported!);
          if (file) direct.push(`import ${local} from 'lucide-react/icons/${file}';`);
          else kept.push(specifier);
        }
        const rest = kept.length ? [`import { ${kept.join(', ')} } from 'lucide-react';`] : [];
        edited.overwrite(match.index, match.index + match[0].length, [...direct, ...rest].join('\n'));
      }
      return edited.hasChanged() ? { code: edited.toString(), map: edited.generateMap({ hires: true, source: id }) } : null;
    },
  };
}
