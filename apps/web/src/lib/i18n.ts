import { itPublic } from './locales/it-public.ts';
import { DEFAULT_LOCALE, memberLocaleOfPage, storedLocale, storeLocale, type LocaleCode } from './locale-preference.ts';
import type { Messages } from './messages.ts';
import { whenIdle } from './when-idle.ts';

export type { Messages };

/** Dotted paths to every string of the catalog, e.g. 'login.title'. */
type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];
export type MessageKey = Paths<Messages>;

export type MessageParams = Readonly<Record<string, string | number>>;

export type Locale = LocaleCode;

/**
 * Every whole catalog is a chunk of its own, loaded when a page speaks it: a member who reads
 * German, English or French does not download the Italian one too. Before login Italian is only its
 * public part, built into the entry (the /login download budget has no room for more); the
 * logged-in app loads the whole catalog of its language before its first render
 * (`loadWholeCatalog`).
 */
const loaders: Readonly<Record<Locale, () => Promise<Messages>>> = {
  it: () => import('./locales/it.ts').then((module) => module.it),
  de: () => import('./locales/de.ts').then((module) => module.de),
  en: () => import('./locales/en.ts').then((module) => module.en),
  fr: () => import('./locales/fr.ts').then((module) => module.fr),
};

/** Only the keys of it-public.ts are there: any other is looked up by its key alone. */
const publicItalian = itPublic as unknown as Messages;
let italian = publicItalian;
let current: Messages = italian;
let currentLocale: Locale = DEFAULT_LOCALE;

/** The language the texts are shown in. */
export function getLocale(): Locale {
  return currentLocale;
}

function apply(locale: Locale, messages: Messages): void {
  current = messages;
  currentLocale = locale;
  if (locale === 'it') italian = messages;
  document.documentElement.lang = locale;
}

/** Switches to `locale`, loading its whole catalog first; Italian as it is when that cannot be loaded. */
async function setLocale(locale: Locale): Promise<void> {
  try {
    apply(locale, await loaders[locale]());
  } catch {
    apply('it', italian);
  }
}

/**
 * For the logged-in app, before its first render: the whole catalog of the language it speaks.
 * Fails (the route's error page offers a reload) when the Italian one cannot be loaded, as the
 * app's own chunks would.
 */
export async function loadWholeCatalog(): Promise<void> {
  if (current !== publicItalian) return;
  apply('it', await loaders.it());
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
  // Kept for the next visit to /login, once the page is idle: a page's first use of localStorage
  // is a round trip to the browser, some milliseconds inside the task that starts the app.
  if (member) whenIdle(() => storeLocale(member));
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
