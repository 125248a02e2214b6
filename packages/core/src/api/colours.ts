import { z } from 'zod';
import { isReadableColour } from '../colours.ts';

export const colourSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'INVALID_COLOUR');

/** A member colour that is written (added, changed): `#rrggbb` with readable text on it. */
export const readableColourSchema = colourSchema.refine(isReadableColour, 'COLOUR_UNREADABLE');
