import type { ErrorCode, ErrorDetail } from '@rustico/core';
import { isApiError } from './api-error.ts';
import { t, type MessageParams } from './i18n.ts';
import { formatMoment } from './moment.ts';

type Details = Readonly<Record<string, ErrorDetail>>;

// Kept free of core's date functions: the login screen's download budget has no room for them.
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T/;

/** The figures of a refusal as its text shows them: days as dd.MM.yyyy, moments with the time. */
export function detailParams(details: Details | undefined): MessageParams | undefined {
  if (!details) return undefined;
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(details)) {
    // Figures only: a refusal's thing itself (STALE_EDIT's current) is for its screen, not its text.
    if (value === null || typeof value === 'object') continue;
    if (typeof value === 'string' && ISO_DAY.test(value)) params[key] = value.replace(ISO_DAY, '$3.$2.$1');
    else if (typeof value === 'string' && ISO_INSTANT.test(value)) params[key] = formatMoment(value);
    else params[key] = value;
  }
  return params;
}

/**
 * Italian text for an API error code, with the refusal's figures when it has them; `viewerId`
 * (who reads it) where a refusal may be about the reader's own thing.
 */
export function errorCodeText(code: ErrorCode, details?: Details, viewerId?: string): string {
  if (code === 'NIGHTS_HELD') {
    // One's own hold is confirmed from the calendar; a hidden member's keeps its nights without naming whose.
    if (viewerId && details?.holderId === viewerId) return t('holds.heldByYou', detailParams(details));
    if (!details?.holderName) return t('holds.heldAnon', detailParams(details));
  }
  return t(`errors.${code}`, detailParams(details));
}

/** Italian text for anything thrown by a query or mutation. */
export function errorText(error: unknown, viewerId?: string): string {
  return isApiError(error) ? errorCodeText(error.code, error.details, viewerId) : t('errors.INTERNAL');
}
