import fs from 'node:fs/promises';
import path from 'node:path';

/** Profile photos live as re-encoded WebP files in the data directory, one name per version. */
export function photoDir(dataDir: string): string {
  return path.join(dataDir, 'photos');
}

export async function writePhoto(dataDir: string, fileName: string, data: Buffer): Promise<void> {
  await fs.mkdir(photoDir(dataDir), { recursive: true });
  await fs.writeFile(path.join(photoDir(dataDir), fileName), data);
}

export async function readPhoto(dataDir: string, fileName: string): Promise<Buffer | null> {
  // Names come from our own database, but never let one climb out of the folder.
  if (path.basename(fileName) !== fileName) return null;
  try {
    return await fs.readFile(path.join(photoDir(dataDir), fileName));
  } catch {
    return null;
  }
}
