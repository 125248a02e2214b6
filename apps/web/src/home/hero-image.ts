/**
 * The hero picture's files and sizes: Home's <picture>, and the preload the server puts in
 * Home's page (src/app/route-modules.ts) so the picture, Home's largest paint, downloads with
 * the code instead of after the first render. Plain data: the build reads it too.
 */
const WIDTHS = [640, 1024, 1600] as const;

export const heroSrcSet = (format: 'avif' | 'webp') => WIDTHS.map((w) => `/images/rustico-hero-${w}.${format} ${w}w`).join(', ');

/** Full width on phones (page padding 16 px each side); beside the 232 px side bar, at most the 880 px column. */
export const HERO_SIZES = '(max-width: 480px) calc(100vw - 32px), min(832px, calc(100vw - 280px))';
