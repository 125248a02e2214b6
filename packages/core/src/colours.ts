/**
 * Text on a member's colour (a booking bar, an initials dot): the app's dark ink or white,
 * whichever stands out more. WCAG 2.x asks for 4.5:1 for text of normal size; the bar's
 * owner name is 11–12 px, so nothing less will do.
 */
export const INK_DARK = '#111111';
export const INK_LIGHT = '#ffffff';
/** Only for a colour stored before the rule (an import, an old database) that neither ink reads on. */
export const INK_BLACK = '#000000';
export const MIN_TEXT_CONTRAST = 4.5;

const HEX = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;

/** sRGB channel (0–255) to linear light, as WCAG's relative luminance defines it. */
function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of `#rrggbb` (0 black … 1 white); null for anything else. */
export function relativeLuminance(hex: string): number | null {
  const match = HEX.exec(hex);
  if (!match) return null;
  const [r, g, b] = match.slice(1).map((part) => linear(parseInt(part, 16))) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two `#rrggbb` colours, from 1 (the same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  if (la === null || lb === null) return 1;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The ink of the two that reads better on `background`. */
function betterInk(background: string): typeof INK_DARK | typeof INK_LIGHT {
  return contrastRatio(INK_LIGHT, background) >= contrastRatio(INK_DARK, background) ? INK_LIGHT : INK_DARK;
}

/**
 * The text colour for `background`: INK_LIGHT or INK_DARK, whichever reads better; on a
 * colour that neither reads on (refused today, but one may be stored from before) pure
 * black, which reaches at least 4.58:1 wherever white falls short of 4.5:1.
 */
export function textColourOn(background: string): typeof INK_DARK | typeof INK_LIGHT | typeof INK_BLACK {
  const ink = betterInk(background);
  return contrastRatio(ink, background) >= MIN_TEXT_CONTRAST ? ink : INK_BLACK;
}

/**
 * Whether some ink reaches MIN_TEXT_CONTRAST on a member colour. Mid-tones (luminance about
 * 0.17–0.21, such as #2d7fb5) reach 4.5:1 with neither, so the server refuses them.
 */
export function isReadableColour(background: string): boolean {
  return relativeLuminance(background) !== null && contrastRatio(betterInk(background), background) >= MIN_TEXT_CONTRAST;
}
