import { Worker } from 'node:worker_threads';
import type { Metadata, Sharp } from 'sharp';
import { AppError } from '../http/errors.ts';

export const PHOTO_SIZE = 512;
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** Room for a 48-megapixel phone camera; a few kilobytes can claim far more (a decompression bomb). */
export const PHOTO_MAX_PIXELS = 60_000_000;
const HEIC_TIMEOUT_MS = 30_000;

const tooLarge = (width: number, height: number) =>
  new AppError(400, 'PHOTO_TOO_LARGE', `A ${width}×${height} picture is too large: at most ${PHOTO_MAX_PIXELS / 1_000_000} megapixels`);
const unreadableHeic = () => new AppError(400, 'PHOTO_INVALID', 'This HEIC picture cannot be read');

interface DecodedHeic {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** One HEIC decode at a time: each may take a few hundred MB while it runs. */
let heicQueue: Promise<unknown> = Promise.resolve();

function decodeHeicInWorker(input: Buffer): Promise<DecodedHeic> {
  const run = () =>
    new Promise<DecodedHeic>((resolve, reject) => {
      const worker = new Worker(new URL('./heic-worker.mjs', import.meta.url), { workerData: { buffer: input, maxPixels: PHOTO_MAX_PIXELS } });
      const timer = setTimeout(() => {
        reject(unreadableHeic());
        void worker.terminate();
      }, HEIC_TIMEOUT_MS);
      worker.once('message', (message: DecodedHeic | { tooLarge: true; width: number; height: number }) => {
        if ('tooLarge' in message) reject(tooLarge(message.width, message.height));
        else resolve(message);
      });
      worker.once('error', () => reject(unreadableHeic()));
      worker.once('exit', () => {
        clearTimeout(timer);
        reject(unreadableHeic());
      });
    });
  const result = heicQueue.then(run, run);
  heicQueue = result.catch(() => undefined);
  return result;
}

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'svg']);

/**
 * Opens an upload by its content, whatever its name or declared type says.
 * iPhones' HEIC (HEVC inside HEIF) is decoded with libheif's WebAssembly
 * build, since sharp's own binaries only read the AVIF flavour of HEIF.
 */
export async function openImage(input: Buffer, allowSvg: boolean): Promise<Sharp> {
  // Loaded on the first photo, the HEIC decoder on the first HEIC: most starts need neither.
  const { default: sharp } = await import('sharp');
  let metadata: Metadata;
  try {
    // Only the header is read here, so no pixel limit yet: the size check below gives the clear answer.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(400, 'PHOTO_INVALID', 'This file is not a picture');
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || (metadata.format === 'svg' && !allowSvg)) {
    throw new AppError(400, 'PHOTO_INVALID', 'Photos must be JPEG, PNG, WebP, HEIC or GIF');
  }
  // The header's size, before anything is decoded.
  const { width = 0, height = 0 } = metadata;
  if (width * height > PHOTO_MAX_PIXELS) throw tooLarge(width, height);
  if (metadata.format === 'heif' && metadata.compression === 'hevc') {
    const decoded = await decodeHeicInWorker(input);
    const { data } = decoded;
    return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width: decoded.width, height: decoded.height, channels: 4 } });
  }
  return sharp(input, { limitInputPixels: PHOTO_MAX_PIXELS }).rotate();
}

/**
 * Every kept photo is re-encoded: square, 512 px, WebP. sharp writes no
 * metadata (EXIF, GPS position) unless asked to keep it.
 */
export async function encodeProfilePhoto(input: Buffer, options: { allowSvg?: boolean } = {}): Promise<Buffer> {
  const image = await openImage(input, options.allowSvg ?? false);
  return image
    .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'cover', position: 'attention' })
    .webp({ quality: 82 })
    .toBuffer()
    .catch(() => {
      throw new AppError(400, 'PHOTO_INVALID', 'This picture cannot be read');
    });
}
