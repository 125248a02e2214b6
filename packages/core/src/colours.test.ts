import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readableColourSchema } from './api/colours.ts';
import { contrastRatio, INK_BLACK, INK_DARK, INK_LIGHT, isReadableColour, MIN_TEXT_CONTRAST, relativeLuminance, textColourOn } from './colours.ts';

const hexColour = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map((rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`);

/** Every member colour the app or the demo hands out (users/service.ts, admin/member-fields.tsx, demo/seed.ts). */
const PALETTES = ['#b5542d', '#3d6b4f', '#2f5d8a', '#8a5a9e', '#c08a1e', '#a63d5a', '#4a7885', '#6b6b3d', '#a33b5c', '#5d6b2f'];

describe('contrastRatio', () => {
  it('gives the WCAG figures', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    // The calendar's failure in the issue: #111 on #2d7fb5 at 4.32:1.
    expect(contrastRatio(INK_DARK, '#2d7fb5')).toBeCloseTo(4.33, 1);
  });

  it('is symmetric, at least 1 and at most 21', () => {
    fc.assert(
      fc.property(hexColour, hexColour, (a, b) => {
        const ratio = contrastRatio(a, b);
        expect(ratio).toBeCloseTo(contrastRatio(b, a), 10);
        expect(ratio).toBeGreaterThanOrEqual(1);
        expect(ratio).toBeLessThanOrEqual(21 + 1e-9);
        expect(contrastRatio(a, a)).toBe(1);
      }),
    );
  });

  it('reads #rgb in either case and with or without #; anything else has no luminance', () => {
    expect(relativeLuminance('#B5542D')).toBe(relativeLuminance('b5542d'));
    expect(relativeLuminance('#fff')).toBeNull();
    expect(relativeLuminance('red')).toBeNull();
  });
});

describe('textColourOn', () => {
  it('reaches 4.5:1 on any colour, stored before the rule or not', () => {
    fc.assert(
      fc.property(hexColour, (background) => {
        expect(contrastRatio(textColourOn(background), background)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      }),
    );
  });

  it('on a colour the server accepts, is the better of the app\'s two inks', () => {
    fc.assert(
      fc.property(hexColour, (background) => {
        if (!readableColourSchema.safeParse(background).success) return;
        const ink = textColourOn(background);
        expect([INK_DARK, INK_LIGHT]).toContain(ink);
        const other = ink === INK_LIGHT ? INK_DARK : INK_LIGHT;
        expect(contrastRatio(ink, background)).toBeGreaterThanOrEqual(contrastRatio(other, background));
      }),
    );
  });

  it('falls back to black on a refused colour', () => {
    expect(textColourOn('#2d7fb5')).toBe(INK_BLACK);
    expect(contrastRatio(INK_BLACK, '#2d7fb5')).toBeGreaterThan(4.5);
  });

  it('is white on dark colours and dark ink on light ones', () => {
    expect(textColourOn('#000000')).toBe(INK_LIGHT);
    expect(textColourOn('#2f5d8a')).toBe(INK_LIGHT);
    expect(textColourOn('#ffffff')).toBe(INK_DARK);
    expect(textColourOn('#c08a1e')).toBe(INK_DARK);
  });
});

describe('isReadableColour and readableColourSchema', () => {
  it('refuses exactly the colours on which neither ink reaches 4.5:1', () => {
    fc.assert(
      fc.property(hexColour, (background) => {
        const readable = Math.max(contrastRatio(INK_DARK, background), contrastRatio(INK_LIGHT, background)) >= MIN_TEXT_CONTRAST;
        expect(isReadableColour(background)).toBe(readable);
        const parsed = readableColourSchema.safeParse(background);
        expect(parsed.success).toBe(readable);
        if (!parsed.success) expect(parsed.error.issues[0]?.message).toBe('COLOUR_UNREADABLE');
      }),
    );
  });

  it('refuses the mid-tones only: black, white and the palettes pass', () => {
    expect(isReadableColour('#2d7fb5')).toBe(false);
    expect(readableColourSchema.safeParse('#2d7fb5').error?.issues[0]?.message).toBe('COLOUR_UNREADABLE');
    for (const colour of ['#000000', '#ffffff', ...PALETTES]) expect(isReadableColour(colour), colour).toBe(true);
  });

  it('is still the colour format first', () => {
    expect(readableColourSchema.safeParse('blue').error?.issues[0]?.message).toBe('INVALID_COLOUR');
    expect(isReadableColour('blue')).toBe(false);
  });
});
