import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/database.ts';
import { findFile, insertFileIfAbsent } from './repository.ts';

const CONTENT_TYPES: Record<string, string> = { '.webp': 'image/webp', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png' };

export interface FolderMove {
  /** Files added to the database by this run. */
  moved: number;
  /** Where the emptied-out folder was kept, or null when there was nothing to do. */
  keptAs: string | null;
}

/**
 * Before files lived in the database, photos were files in DATA_DIR/photos.
 * On start each one is copied into the `files` table under `photos/<name>`
 * (names carry the content's hash, so a key already there holds the same
 * bytes), read back and compared, and only then is the folder renamed aside,
 * untouched: a second run finds no folder and does nothing.
 */
export async function movePhotoFolderIntoDatabase(db: Db, dataDir: string, now: Date): Promise<FolderMove> {
  const folder = path.join(dataDir, 'photos');
  let names: string[];
  try {
    names = (await fs.readdir(folder, { withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch {
    return { moved: 0, keptAs: null };
  }
  let moved = 0;
  for (const name of names) {
    const bytes = await fs.readFile(path.join(folder, name));
    const key = `photos/${name}`;
    const contentType = CONTENT_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
    // Named `<member>-<hash>.<extension>` (storage/service.ts contentKey): the member's upload, counted in their budget.
    const ownerId = name.slice(0, Math.max(0, name.lastIndexOf('-'))) || null;
    if (!(await insertFileIfAbsent(db, { key, contentType, bytes, size: bytes.length, createdAt: now.toISOString(), ownerId }))) continue;
    moved += 1;
    const stored = await findFile(db, key);
    if (!stored?.bytes.equals(bytes)) throw new Error(`${path.join(folder, name)} could not be stored in the database; the photos folder is left as it is`);
  }
  const keptAs = `${folder}.moved-to-database-${now.toISOString().replaceAll(':', '-')}`;
  try {
    await fs.rename(folder, keptAs);
  } catch (error) {
    // Another process sharing this data folder moved it first.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return { moved, keptAs: null };
  }
  return { moved, keptAs };
}
