/**
 * The house's logo (public/icon.svg, drawn to PNG by scripts/make-icons.mjs). A raster on
 * purpose: Chromium makes an SVG image a document of its own, created and parsed on the main
 * thread as it arrives (12–40 ms on a laptop-class CPU, a long task on a phone), while a PNG is
 * decoded off it when painted.
 */
export function Logo({ size, className }: { size: number; className?: string | undefined }) {
  return (
    <img
      className={className}
      src="/icons/logo-96.png"
      srcSet="/icons/logo-96.png 96w, /icons/icon-192.png 192w"
      sizes={`${size}px`}
      alt=""
      width={size}
      height={size}
    />
  );
}
