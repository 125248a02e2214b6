import fs from 'node:fs/promises';
import path from 'node:path';
import { checklistSchema, HOUSE_LANGUAGE, houseContentSchema, type Checklist, type Language, type PaymentDetails } from '@rustico/core';
import type { z } from 'zod';

/**
 * The house's own files, read on each use so an edit shows without a restart.
 * A missing or malformed file is an operator's mistake: the error names it.
 *
 * The house writes its texts in its own language (`welcome.md`); beside each it may keep a
 * version in another (`welcome.fr.md`, `tutorials/arrivo.de.md`, `checklist.en.json`), which
 * its readers of that language get instead. Without one they get the house's own text, and
 * are told so: what is read says in which language it is.
 */
async function readJson<T>(contentDir: string, file: string, schema: z.ZodType<T>): Promise<T> {
  const full = path.join(contentDir, file);
  const parsed = schema.safeParse(JSON.parse(await fs.readFile(full, 'utf8')));
  if (!parsed.success) throw new Error(`${full} is not valid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

/** `welcome.md` → `welcome.fr.md`: where the house keeps a text of its in another language. */
export function translatedFile(file: string, language: Language): string {
  const dot = file.lastIndexOf('.');
  return `${file.slice(0, dot)}.${language}${file.slice(dot)}`;
}

/** A house text as it is read: what it says, and in which language the house wrote that. */
export type HouseText<T> = T & { language: Language };

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** The check-out cleaning list in `language` when the house wrote it so, else the house's own. */
export async function readChecklist(contentDir: string, language: Language = HOUSE_LANGUAGE): Promise<HouseText<Checklist>> {
  if (language !== HOUSE_LANGUAGE) {
    try {
      return { ...(await readJson(contentDir, translatedFile('checklist.json', language), checklistSchema)), language };
    } catch (error) {
      if (!missing(error)) throw error;
    }
  }
  return { ...(await readJson(contentDir, 'checklist.json', checklistSchema)), language: HOUSE_LANGUAGE };
}

export async function readPaymentDetails(contentDir: string): Promise<PaymentDetails> {
  return (await readJson(contentDir, 'house.json', houseContentSchema)).payment;
}

/** A Markdown file of the content folder, or null when the house has not written it yet. */
export async function readMarkdown(contentDir: string, file: string): Promise<string | null> {
  try {
    return await fs.readFile(path.join(contentDir, file), 'utf8');
  } catch (error) {
    if (missing(error)) return null;
    throw error;
  }
}

/**
 * A Markdown text of the house in `language` when the house wrote it so (`welcome.fr.md`),
 * else the house's own (`welcome.md`); null when the house has written neither.
 */
export async function readHouseMarkdown(contentDir: string, file: string, language: Language): Promise<HouseText<{ source: string }> | null> {
  if (language !== HOUSE_LANGUAGE) {
    const translated = await readMarkdown(contentDir, translatedFile(file, language));
    if (translated !== null) return { source: translated, language };
  }
  const own = await readMarkdown(contentDir, file);
  return own === null ? null : { source: own, language: HOUSE_LANGUAGE };
}
