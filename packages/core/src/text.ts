/**
 * Characters a person never means to store: controls (NUL and friends), the
 * bidirectional overrides and isolates that reorder what others read, and the
 * invisible zero-width spaces. Joiners (U+200C/U+200D) stay: emoji and some
 * scripts need them.
 */
const UNWANTED = /[\p{Cc}\u061C\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/gu;
/** The same, but keeping the line breaks and tabs of a multi-line text. */
const UNWANTED_MULTILINE = /(?![\n\t])[\p{Cc}\u061C\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/gu;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Every free text the app stores goes through here: well-formed UTF-16,
 * composed (NFC) so that equal texts are equal bytes, invisible and control
 * characters removed, surrounding white space trimmed.
 */
export function normalizeText(value: string, options: { multiline?: boolean } = {}): string {
  const composed = value.replace(LONE_SURROGATE, '\uFFFD').normalize('NFC').replace(/\r\n?/g, '\n');
  return composed.replace(options.multiline ? UNWANTED_MULTILINE : UNWANTED, '').trim();
}

/** Nothing a reader could see: only white space and format characters. */
export function isBlankText(value: string): boolean {
  return /^[\s\p{Cf}]*$/u.test(value);
}
