import { describe, expect, it as test } from 'vitest';
import { fr } from './fr.ts';
import { it } from './it.ts';

/**
 * Words a French text may share with the Italian one: names, codes, units and the words the
 * two languages write alike. A French value equal to the Italian one passes only when every
 * word in it (placeholders aside) is here; anything else is a text left untranslated.
 */
const SAME_IN_BOTH = new Set([
  // Names of the house, its place and its languages (each written in its own language).
  'Rustico',
  'Corzoneso',
  'Italiano',
  'Deutsch',
  'English',
  'Français',
  // Codes and units.
  'NOT',
  'FOUND',
  'IBAN',
  'kWh',
  '°C',
  's',
  'CHF',
  // Words French and Italian write alike.
  'App',
  'Novembre',
  'Check-in',
  'Check-out',
  'Twint',
  'Quota',
  'quota',
  // Devices by their makers' names, and the passkey, which French and Italian borrow alike.
  'iPhone',
  'iPad',
  'Mac',
  'PC',
  'Windows',
  'Chromebook',
  'Passkey',
  'passkey',
]);

/** 'a.b.c' → text, for every string of a catalog. */
function flatten(node: unknown, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text);
  }
  return entries;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
const words = (text: string) => text.replace(/\{\w+\}/g, ' ').match(/[\p{L}°][\p{L}-]*/gu) ?? [];

const italian = flatten(it);
const french = flatten(fr);

describe('the French catalog', () => {
  test('has every text of the Italian one, and no other', () => {
    expect([...french.keys()].sort()).toEqual([...italian.keys()].sort());
  });

  test('fills the same placeholders as the Italian text', () => {
    const differing = [...italian].filter(([key, text]) => placeholders(text).join() !== placeholders(french.get(key) ?? '').join()).map(([key]) => key);
    expect(differing).toEqual([]);
  });

  test('leaves no Italian text untranslated (names, codes and words alike in both aside)', () => {
    const untranslated = [...italian]
      .filter(([key, text]) => french.get(key) === text && !words(text).every((word) => SAME_IN_BOTH.has(word)))
      .map(([key, text]) => `${key}: ${text}`);
    expect(untranslated).toEqual([]);
  });

  test('the check finds a text left in Italian', () => {
    const copied = { ...fr, login: { ...fr.login, subtitle: it.login.subtitle } };
    const left = [...flatten(copied)].filter(([key, text]) => italian.get(key) === text && !words(text).every((word) => SAME_IN_BOTH.has(word)));
    expect(left.map(([key]) => key)).toEqual(['login.subtitle']);
  });

  test('writes Swiss French: QR-facture, nuitées, jj.mm.aaaa, no space before a colon', () => {
    expect(fr.register.qrBillTitle).toBe('QR-facture');
    expect(fr.calendar.nights).toBe('Nuitées');
    expect(fr.form.datePlaceholder).toBe('jj.mm.aaaa');
    expect([...french].filter(([, text]) => / [:;!?](\s|$)/.test(text)).map(([key]) => key)).toEqual([]);
  });
});
