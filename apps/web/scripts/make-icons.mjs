// Renders the PWA icons in public/icons/ from public/icon.svg.
// Run from anywhere: node apps/web/scripts/make-icons.mjs
import { mkdir, readFile } from 'node:fs/promises';
import sharp from 'sharp';

const publicDir = new URL('../public/', import.meta.url);
const outDir = new URL('icons/', publicDir);
const svg = await readFile(new URL('icon.svg', publicDir));
const BACKGROUND = '#2f5d4a';
// A flat drawing: 256 colours look the same and weigh a half to a third (the favicon and the
// manifest's icon are fetched while a page's scripts download).
const PNG = { compressionLevel: 9, palette: true, quality: 90, effort: 10 };

await mkdir(outDir, { recursive: true });

async function render(size, name) {
  await sharp(svg, { density: 384 }).resize(size, size).png(PNG).toFile(new URL(name, outDir).pathname);
}

/** Maskable: the artwork scaled into the 80 % safe zone on a full-bleed background. */
async function renderMaskable(size, name) {
  const inner = Math.round(size * 0.8);
  const art = await sharp(svg, { density: 384 }).resize(inner, inner).png().toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: BACKGROUND } })
    .composite([{ input: art, gravity: 'center' }])
    .png(PNG)
    .toFile(new URL(name, outDir).pathname);
}

/** Apple touch icon: opaque, square (iOS rounds the corners itself). */
async function renderApple(size, name) {
  const art = await sharp(svg, { density: 384 }).resize(size, size).png().toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: BACKGROUND } })
    .composite([{ input: art }])
    .flatten({ background: BACKGROUND })
    .png(PNG)
    .toFile(new URL(name, outDir).pathname);
}

await render(192, 'icon-192.png');
await render(512, 'icon-512.png');
// The logo in the pages and the favicon (ui/logo.tsx): an SVG would be a document of its own, parsed on the main thread.
await render(96, 'logo-96.png');
await renderMaskable(512, 'icon-maskable-512.png');
await renderApple(180, 'apple-touch-icon.png');
console.log('icons written to', outDir.pathname);
