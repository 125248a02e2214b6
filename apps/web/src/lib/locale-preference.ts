import type { Language } from '@rustico/core';

/**
 * The language on this device: the member's when the page names it, the one
 * chosen (localStorage, the member's from the server after login), else the
 * browser's first of it/de/en/fr, else Italian. Kept tiny and apart from the other preferences: `main.tsx` reads it
 * before the first render of every page, /login included.
 */

// A copy of core's LANGUAGES: importing the value would bring zod into /login's budget.
export const LOCALES = ['it', 'de', 'en', 'fr'] as const satisfies readonly Language[];
export type LocaleCode = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: LocaleCode = 'it';

const KEY = 'rustico.language';

const asLocale = (value: string | null | undefined) => LOCALES.find((locale) => locale === value);

/** The browser's first preferred language the app speaks ('de-CH' → 'de', 'fr-FR' → 'fr'). */
export function browserLocale(): LocaleCode {
  const preferred = navigator.languages.length > 0 ? navigator.languages : [navigator.language];
  for (const tag of preferred) {
    const locale = asLocale(tag.split('-')[0]?.toLowerCase());
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/** The member's language, when the server sent this page to a logged-in member (server: http/web-app.ts). */
export function memberLocaleOfPage(): LocaleCode | undefined {
  return asLocale(document.querySelector<HTMLMetaElement>('meta[name="rustico-language"]')?.content);
}

export function storedLocale(): LocaleCode {
  try {
    return asLocale(window.localStorage.getItem(KEY)) ?? browserLocale();
  } catch {
    return browserLocale();
  }
}

export function storeLocale(locale: LocaleCode): void {
  try {
    window.localStorage.setItem(KEY, locale);
  } catch {
    // Private mode or storage full: the page still reloads, in Italian.
  }
}
