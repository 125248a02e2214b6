import { z } from 'zod';
import { isBlankText, normalizeText } from '../text.ts';

/** A free text field: normalised, refused with `emptyCode` when nothing visible is left. */
export function freeTextSchema(options: { max: number; emptyCode: string; tooLongCode?: string; multiline?: boolean }) {
  return z
    .string()
    .overwrite((value) => normalizeText(value, { multiline: options.multiline }))
    .refine((value) => !isBlankText(value), { message: options.emptyCode })
    .max(options.max, options.tooLongCode);
}

/** An optional free text (a check-in note): normalised; blank means none. */
export function optionalFreeTextSchema(options: { max: number; tooLongCode?: string }) {
  return z
    .string()
    .overwrite((value) => {
      const text = normalizeText(value, { multiline: true });
      return isBlankText(text) ? '' : text;
    })
    .max(options.max, options.tooLongCode)
    .optional();
}
