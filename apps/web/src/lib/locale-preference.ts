/**
 * The language chosen on this device (localStorage). Kept tiny and apart from
 * the other preferences: `main.tsx` reads it before the first render of every
 * page, /login included.
 */

export const LOCALES = ['it', 'de', 'en'] as const;
export type LocaleCode = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: LocaleCode = 'it';

const KEY = 'rustico.language';

export function storedLocale(): LocaleCode {
  try {
    const value = window.localStorage.getItem(KEY);
    return LOCALES.find((locale) => locale === value) ?? DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

export function storeLocale(locale: LocaleCode): void {
  try {
    window.localStorage.setItem(KEY, locale);
  } catch {
    // Private mode or storage full: the page still reloads, in Italian.
  }
}
