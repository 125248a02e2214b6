import { meterReadingInputSchema, parseKwh } from '@rustico/core';
import { z } from 'zod';

/** A required meter field: text in, kWh out (empty: 'Riempi questo campo'; not a number: 'Valore non valido'). */
const kwhField = z.string().trim().min(1).transform(parseKwh).pipe(meterReadingInputSchema.shape.dayKwh);

const readingFormFields = {
  dayKwh: kwhField,
  nightKwh: kwhField,
  note: z.string().trim().max(2000),
};

export const checkinFormSchema = z.object(readingFormFields);

export const checkoutFormSchema = z.object({
  ...readingFormFields,
  // The message is an API error code: fieldErrorText shows its Italian text.
  checklistDone: z.boolean().refine((done) => done, { message: 'CHECKLIST_NOT_DONE' }),
});

/** An administrator's correction of a stay's readings (Statistiche). */
export const readingCorrectionSchema = z.object({ dayKwh: kwhField, nightKwh: kwhField });
