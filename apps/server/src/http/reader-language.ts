import { HOUSE_LANGUAGE, LANGUAGES, type Language } from '@rustico/core';
import type { FastifyRequest } from 'fastify';

/**
 * The first of a browser's Accept-Language tags that `speaks` holds ('fr-CH' → 'fr'), by
 * preference (q) and then order, as the web app finds it (lib/locale-preference.ts).
 */
export function browserLocale(acceptLanguage: string | undefined, speaks: readonly string[]): string | undefined {
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(params.find((param) => param.trim().startsWith('q='))?.trim().slice(2) ?? 1);
      return { language: tag.split('-')[0]!.toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((tag) => tag.language && tag.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return tags.find((tag) => speaks.includes(tag.language))?.language;
}

/** The browser's first language the app speaks, if any. */
export function browserLanguage(request: FastifyRequest): Language | undefined {
  return browserLocale(request.headers['accept-language'], LANGUAGES) as Language | undefined;
}

/**
 * The language the page that asks is shown in (the web app's choice, made the same way): the
 * member's when they chose one, else the browser's, else the house's. What the server draws for
 * that page (a QR-bill, a statement, the house's texts) speaks it too.
 */
export function readerLanguage(request: FastifyRequest): Language {
  return request.user?.language ?? browserLanguage(request) ?? HOUSE_LANGUAGE;
}
