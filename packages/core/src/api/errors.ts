import { z } from 'zod';

/** Every code the API answers with; the web app maps each to its Italian text. */
export const errorCodes = [
  'VALIDATION',
  'INVALID_JSON',
  'BODY_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'CROSS_ORIGIN',
  'NOT_FOUND',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'RATE_LIMITED',
  'INVALID_EMAIL',
  'USER_NOT_FOUND',
  'WRONG_PASSWORD',
  'AUTH_FAILED',
  'SETUP_UNAVAILABLE',
  'EMAIL_TAKEN',
  'INVALID_DATE',
  'END_BEFORE_START',
  'STAY_TOO_LONG',
  'DATE_IN_PAST',
  'BOOKING_OVERLAP',
  'BOOKING_CHECKED_IN',
  'READING_TOO_LOW',
  'CHECKLIST_NOT_DONE',
  'STEP_OUT_OF_ORDER',
  'STEP_DONE',
  'VOUCHER_USED',
  'NOTE_EMPTY',
  'NOTE_TOO_LONG',
  'WEATHER_UNAVAILABLE',
  'INVALID_PUSH_ENDPOINT',
  'NAME_REQUIRED',
  'PHOTO_INVALID',
  'LAST_SUPERADMIN',
  'INTERNAL',
] as const;

export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const apiErrorSchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    field: z.string().optional(),
    retryAfterSeconds: z.number().int().optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
