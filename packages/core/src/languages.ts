/** The languages of the app; Italian is the house's and the default. */
export const LANGUAGES = ['it', 'de', 'en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const HOUSE_LANGUAGE: Language = 'it';

/** The language a member reads: their choice, the house's when they never chose. */
export function languageOf(member: { language: Language | null }): Language {
  return member.language ?? HOUSE_LANGUAGE;
}
