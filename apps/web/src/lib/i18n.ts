import { it } from './locales/it.ts';

/** Same shape as the Italian catalog, any strings: what a de/en catalog must provide. */
type Widen<T> = { readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Messages = Widen<typeof it>;

/** Dotted paths to every string of the catalog, e.g. 'login.title'. */
type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];
export type MessageKey = Paths<Messages>;

export type MessageParams = Readonly<Record<string, string | number>>;

const catalogs = { it } satisfies Record<string, Messages>;
export type Locale = keyof typeof catalogs;

let current: Messages = catalogs.it;

export function setLocale(locale: Locale): void {
  current = catalogs[locale];
}

function lookup(key: string): string {
  let node: unknown = current;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return key;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : key;
}

/** The catalog text for `key`, with `{name}` placeholders filled from `params`. */
export function t(key: MessageKey, params?: MessageParams): string {
  const text = lookup(key);
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}
