import { formatChf, formatDisplayDate, ruleKeys, type Change, type FieldValue } from '@rustico/core';
import { t, type MessageKey } from '../lib/i18n.ts';
import { formatMoment } from '../lib/moment.ts';

const key = (path: string) => path as MessageKey;
/** The catalog's text for `path`, or null where it has none. */
const textOr = (path: string): string | null => {
  const text = t(key(path));
  return text === path ? null : text;
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONEY = new Set(['costCentimes', 'amountCentimes', 'nightFeeCentimes', 'minimumStayCostCentimes', 'pricePerKwhCentimes']);
/** Fields whose values are words of the catalog: the purpose, the status, a method, a role, a category. */
const WORDS: Record<string, string> = {
  purpose: 'calendar.purposes',
  status: 'fairness.status',
  paymentMethod: 'register.methods',
  role: 'settings.roles',
  category: 'accounts.categories',
};

/** A field's name as the screens name it. */
export function fieldLabel(field: string): string {
  if ((ruleKeys as readonly string[]).includes(field)) return t(key(`fairness.ruleNames.${field}`));
  return textOr(`history.fields.${field}`) ?? field;
}

/** A field's value as a person reads it: dates dd.MM.yyyy, money in francs, yes and no, words. */
export function fieldValue(field: string, value: FieldValue): string {
  if (value === null) return t('history.none');
  if (typeof value === 'boolean') return t(value ? 'history.yes' : 'history.no');
  if (typeof value === 'number') return MONEY.has(field) ? formatChf(value) : String(value);
  if (ISO_DATE.test(value)) return formatDisplayDate(value);
  const words = WORDS[field];
  return (words && textOr(`${words}.${value}`)) ?? value;
}

/** Each field of a change as one line: 'Partenza: 18.12.2026 → 17.12.2026'. */
export function fieldLines(change: Pick<Change, 'fields'>): string[] {
  return Object.entries(change.fields).map(([field, { from, to }]) => {
    const params = { field: fieldLabel(field), from: fieldValue(field, from), to: fieldValue(field, to) };
    if (from === null) return t('history.set', params);
    if (to === null) return t('history.removed', params);
    return t('history.change', params);
  });
}

/** Who and when: 'Marco Bernasconi · 28.11.2026 14:03'. */
export function changeByline(change: Pick<Change, 'byName' | 'at'>): string {
  return t('history.entry', { who: change.byName ?? t('history.commandLine'), moment: formatMoment(change.at) });
}
