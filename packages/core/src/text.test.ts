import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { noteInputSchema } from './api/notes.ts';
import { isBlankText, normalizeText } from './text.ts';

const invisible = fc.constantFrom('\u0000', '\u0007', '\u001B', '\u007F', '\u0085', '\u200B', '\u200E', '\u202A', '\u202E', '\u2066', '\u2069', '\uFEFF');
const unwanted = /[\p{Cc}\u061C\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/u;

describe('normalizeText', () => {
  it('leaves no control, bidi-override or zero-width character, and composes to NFC', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ unit: 'grapheme' }), invisible, fc.constantFrom('\uD800', '\uDC00'), fc.string({ unit: 'binary' }))), (parts) => {
        const text = normalizeText(parts.join(''));
        expect(text).not.toMatch(unwanted);
        expect(text.normalize('NFC')).toBe(text);
        expect(text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
        expect(text).toBe(text.trim());
        expect(normalizeText(text)).toBe(text);
      }),
    );
  });

  it('keeps line breaks and tabs of a multi-line text, as \\n', () => {
    expect(normalizeText('a\r\nb\rc\n\td\u0000', { multiline: true })).toBe('a\nb\nc\n\td');
    expect(normalizeText('a\nb')).toBe('ab');
  });

  it('keeps what people write: accents, emoji with joiners, other scripts', () => {
    for (const text of ['Caffè è già', '👨‍👩‍👧 famiglia', 'שלום', 'Grüezi mitenand', 'क्षि']) expect(normalizeText(text)).toBe(text);
  });

  it('makes a text of only invisible characters blank, and the schema refuses it', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(invisible, fc.constantFrom(' ', '\t', '\n', '\u200D')), { maxLength: 20 }), (parts) => {
        const raw = parts.join('');
        expect(isBlankText(normalizeText(raw, { multiline: true }))).toBe(true);
        const parsed = noteInputSchema.safeParse({ text: raw });
        expect(parsed.success).toBe(false);
        expect(parsed.error?.issues[0]?.message).toBe('NOTE_EMPTY');
      }),
    );
  });
});
