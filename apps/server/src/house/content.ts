import fs from 'node:fs/promises';
import path from 'node:path';
import { checklistSchema, houseContentSchema, type Checklist, type PaymentDetails } from '@rustico/core';
import type { z } from 'zod';

/**
 * The house's own files, read on each use so an edit shows without a restart.
 * A missing or malformed file is an operator's mistake: the error names it.
 */
async function readJson<T>(contentDir: string, file: string, schema: z.ZodType<T>): Promise<T> {
  const full = path.join(contentDir, file);
  const parsed = schema.safeParse(JSON.parse(await fs.readFile(full, 'utf8')));
  if (!parsed.success) throw new Error(`${full} is not valid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

export async function readChecklist(contentDir: string): Promise<Checklist> {
  return readJson(contentDir, 'checklist.json', checklistSchema);
}

export async function readPaymentDetails(contentDir: string): Promise<PaymentDetails> {
  return (await readJson(contentDir, 'house.json', houseContentSchema)).payment;
}

/** A Markdown file of the content folder, or null when the house has not written it yet. */
export async function readMarkdown(contentDir: string, file: string): Promise<string | null> {
  try {
    return await fs.readFile(path.join(contentDir, file), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
