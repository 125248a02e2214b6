import type { Metadata } from 'sharp';

/**
 * What one decode may hold whole in memory. A server that has read a few
 * pictures rests at 150–175 MB (sharp loaded, the allocator's leftovers); with
 * one decode at a time (decode-queue.ts) and some 25 MB of libvips' own on
 * top, this keeps it under 250 MB whatever picture it accepts
 * (reliability/image-memory.test.ts measures it, at this edge too).
 */
export const DECODE_BUDGET_BYTES = 48 * 1024 * 1024;

/**
 * A HEIC cannot stream: libheif's WebAssembly build (in a worker) holds the
 * HEVC decoder's frame and its YCbCr copy, 3 bytes a pixel, on top of the
 * worker's own start, some 40 MB: a 12-megapixel photo peaks at about 90 MB.
 * Room for a 12-megapixel photo (4032×3024, or 4080×3060) and no more.
 */
export const HEIC_MAX_PIXELS = 12_600_000;

const BYTES_PER_SAMPLE: Record<string, number> = { uchar: 1, char: 1, ushort: 2, short: 2, uint: 4, int: 4, float: 4, complex: 8, double: 8, dpcomplex: 16 };

/** iPhones' HEIC (HEVC inside HEIF): sharp's own libheif reads only the AVIF flavour. */
export const isHeic = (metadata: Metadata) => metadata.format === 'heif' && metadata.compression === 'hevc';

/**
 * The memory sharp needs to decode a picture, from its header alone.
 *
 * libvips streams a baseline JPEG (shrunk on load by the DCT), a non-interlaced
 * PNG and a still WebP (scaled on load) through the resize a few lines at a
 * time, and sharp turns a picture by its EXIF orientation after the resize, so
 * those hold only what they are shrunk to, whatever their size: 0 here.
 * Everything else is held whole before the first line comes out: a progressive
 * JPEG keeps every DCT coefficient (2 bytes a sample, the two chroma planes at
 * half or less when subsampled); an interlaced PNG, a GIF, an animated WebP,
 * an AVIF or an SVG every decoded pixel.
 */
export function decodeBytes(metadata: Metadata): number {
  const { format, width = 0, height = 0, channels = 4, isProgressive = false, pages = 1 } = metadata;
  const pixels = width * height;
  if (format === 'jpeg') {
    if (!isProgressive) return 0;
    const planes = metadata.chromaSubsampling?.startsWith('4:4:4') ? channels : channels - 1;
    return pixels * 2 * Math.max(planes, 1);
  }
  if ((format === 'png' && !isProgressive) || (format === 'webp' && pages === 1)) return 0;
  return pixels * channels * (BYTES_PER_SAMPLE[metadata.depth ?? 'uchar'] ?? 1);
}

/** Whether decoding the picture would take more memory than one decode may. */
export function tooCostlyToDecode(metadata: Metadata): boolean {
  if (isHeic(metadata)) return (metadata.width ?? 0) * (metadata.height ?? 0) > HEIC_MAX_PIXELS;
  return decodeBytes(metadata) > DECODE_BUDGET_BYTES;
}
