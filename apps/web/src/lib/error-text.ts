import type { ErrorCode } from '@rustico/core';
import { isApiError } from './api-error.ts';
import { t } from './i18n.ts';

/** Italian text for an API error code. */
export function errorCodeText(code: ErrorCode): string {
  return t(`errors.${code}`);
}

/** Italian text for anything thrown by a query or mutation. */
export function errorText(error: unknown): string {
  return isApiError(error) ? errorCodeText(error.code) : t('errors.INTERNAL');
}
