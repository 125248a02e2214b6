import { isErrorCode } from '@rustico/core';
import type { FieldError } from 'react-hook-form';
import { t } from './i18n.ts';

/**
 * Italian text for a react-hook-form field error. Schema errors from zod map by
 * issue type (an empty required value is 'Riempi questo campo'); messages that
 * are API error codes (e.g. 'INVALID_EMAIL' from the core schemas) map to the
 * error catalog; errors set with `setError` keep their (already Italian) message.
 */
export function fieldErrorText(error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  if (isErrorCode(error.message)) return t(`errors.${error.message}`);
  switch (error.type) {
    case 'too_small':
    case 'required':
      return t('form.required');
    case 'too_big':
      return t('form.tooLong');
    case 'server':
    case 'manual':
      return error.message ?? t('form.invalid');
    default:
      return t('form.invalid');
  }
}
