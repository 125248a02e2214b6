import { itPublic } from './locales/it-public.ts';
import { DEFAULT_LOCALE, memberLocaleOfPage, storedLocale, storeLocale, type LocaleCode } from './locale-preference.ts';
import type { Messages } from './messages.ts';

export type { Messages };

/** Dotted paths to every string of the catalog, e.g. 'login.title'. */
type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];
export type MessageKey = Paths<Messages>;

export type MessageParams = Readonly<Record<string, string | number>>;

export type Locale = LocaleCode;

/**
 * Italian is built in (the /login budget has no room for more); German and
 * English are separate chunks, loaded only when chosen.
 */
const loaders: Readonly<Record<Exclude<Locale, 'it'>, () => Promise<Messages>>> = {
  de: () => import('./locales/de.ts').then((module) => module.de),
  en: () => import('./locales/en.ts').then((module) => module.en),
};

/**
 * Italian before login is only the public part of the catalog (the /login
 * download budget has no room for the rest); the logged-in app registers the
 * whole catalog when its shell loads.
 */
let italian = itPublic as unknown as Messages;
let current: Messages = italian;
let currentLocale: Locale = DEFAULT_LOCALE;

/** The language the texts are shown in. */
export function getLocale(): Locale {
  return currentLocale;
}

function apply(locale: Locale, messages: Messages): void {
  current = messages;
  currentLocale = locale;
  document.documentElement.lang = locale;
}

/** Called once by the logged-in app's shell: the whole Italian catalog from now on. */
export function registerItalianCatalog(full: Messages): void {
  italian = full;
  if (currentLocale === 'it') current = full;
}

/** Switches to `locale`, loading its catalog first; Italian when it cannot be loaded. */
export async function setLocale(locale: Locale): Promise<void> {
  if (locale === 'it') {
    apply('it', italian);
    return;
  }
  try {
    apply(locale, await loaders[locale]());
  } catch {
    apply('it', italian);
  }
}

/**
 * The member's language, kept on the server, wins over this device's once they
 * chose one: after login and whenever the app opens with a session.
 */
export async function adoptMemberLanguage(member: { language: Locale | null }): Promise<void> {
  if (!member.language || member.language === currentLocale) return;
  storeLocale(member.language);
  await setLocale(member.language);
}

/** Loads the language before the first render: the member's when the page names it, else this device's (chosen, or the browser's). */
export function loadStoredLocale(): Promise<void> {
  const member = memberLocaleOfPage();
  if (member) storeLocale(member);
  const locale = member ?? storedLocale();
  return locale === 'it' ? Promise.resolve(apply('it', italian)) : setLocale(locale);
}

function find(catalog: Messages, key: string): string | undefined {
  let node: unknown = catalog;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The text in the current language; Italian, then the key itself, when missing. */
function lookup(key: string): string {
  return find(current, key) ?? find(italian, key) ?? key;
}

/** The catalog text for `key`, with `{name}` placeholders filled from `params`. */
export function t(key: MessageKey, params?: MessageParams): string {
  const text = lookup(key);
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}
