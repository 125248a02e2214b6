import { Worker } from 'node:worker_threads';
import type SharpModule from 'sharp';
import type { Metadata, Sharp } from 'sharp';
import { AppError } from '../http/errors.ts';
import { DecodeQueue } from './decode-queue.ts';
import { HEIC_MAX_PIXELS, isHeic, tooCostlyToDecode } from './image-memory.ts';

export const PHOTO_SIZE = 512;
/** Room for a 48-megapixel phone camera; a few kilobytes can claim far more (a decompression bomb). */
export const PHOTO_MAX_PIXELS = 60_000_000;
const HEIC_TIMEOUT_MS = 30_000;

const tooLarge = (width: number, height: number) =>
  new AppError(400, 'PHOTO_TOO_LARGE', `A ${width}×${height} picture is too large: at most ${PHOTO_MAX_PIXELS / 1_000_000} megapixels`);
const tooCostly = (width: number, height: number) =>
  new AppError(400, 'PHOTO_TOO_LARGE', `A ${width}×${height} picture of this kind needs too much memory to read: fewer pixels, or a baseline JPEG`);
const unreadableHeic = () => new AppError(400, 'PHOTO_INVALID', 'This HEIC picture cannot be read');

/** One decode at a time in this process (HEIC included): a few more wait a little, the rest get 503. */
const decodes = new DecodeQueue({ running: 1, waiting: 3, maxWaitMs: 10_000 });

let sharpModule: Promise<typeof SharpModule> | undefined;

/** sharp, loaded on the first picture (most starts need none), with the settings every decode shares. */
export function loadSharp(): Promise<typeof SharpModule> {
  sharpModule ??= import('sharp').then(({ default: sharp }) => {
    // Uploads are read once: libvips' cache of recent operations (up to 50 MB) would only hold memory.
    sharp.cache(false);
    // One thread a picture, one set of buffers, whatever the machine (sharp picks 1 only on glibc without jemalloc).
    sharp.concurrency(1);
    return sharp;
  });
  return sharpModule;
}

interface DecodedHeic {
  width: number;
  height: number;
  channels: 3 | 4;
  data: Uint8Array | Uint8ClampedArray;
}

/** What a caller keeps of a picture: a HEIC is shrunk to it in its worker, so only that much ever leaves the worker. */
export interface Keep {
  edge: number;
  fit: 'inside' | 'outside';
}

function decodeHeicInWorker(input: Buffer, keep: Keep): Promise<DecodedHeic> {
  return new Promise<DecodedHeic>((resolve, reject) => {
    const worker = new Worker(new URL('./heic-worker.mjs', import.meta.url), { workerData: { buffer: input, maxPixels: HEIC_MAX_PIXELS, keep } });
    let answer: DecodedHeic | { tooLarge: true; width: number; height: number } | undefined;
    const timer = setTimeout(() => void worker.terminate(), HEIC_TIMEOUT_MS);
    worker.once('message', (message: typeof answer) => (answer = message));
    // Settled once the worker has ended and its WebAssembly memory is freed, so what the caller does next never adds to it.
    worker.once('exit', () => {
      clearTimeout(timer);
      if (!answer) reject(unreadableHeic());
      else if ('tooLarge' in answer) reject(tooCostly(answer.width, answer.height));
      else resolve(answer);
    });
    // An error ends the worker too; its exit rejects.
    worker.once('error', () => undefined);
  });
}

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'svg']);

/** Reads the header only, and refuses what is not a picture we take or would cost too much memory to decode. */
async function checkHeader(sharp: typeof SharpModule, input: Buffer, allowSvg: boolean): Promise<Metadata> {
  let metadata: Metadata;
  try {
    // Only the header is read here, so no pixel limit yet: the size checks below give the clear answer.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(400, 'PHOTO_INVALID', 'This file is not a picture');
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || (metadata.format === 'svg' && !allowSvg)) {
    throw new AppError(400, 'PHOTO_INVALID', 'Photos must be JPEG, PNG, WebP, HEIC or GIF');
  }
  const { width = 0, height = 0 } = metadata;
  if (width * height > PHOTO_MAX_PIXELS) throw tooLarge(width, height);
  if (tooCostlyToDecode(metadata)) throw tooCostly(width, height);
  return metadata;
}

/**
 * Opens an upload by its content, whatever its name or declared type says, and
 * hands it to `use` (resize, encode) inside the process's decode queue: the
 * header is judged first, so a picture too costly to decode is refused before
 * it waits or allocates anything. iPhones' HEIC (HEVC inside HEIF) is decoded
 * with libheif's WebAssembly build in a worker, since sharp's own binaries only
 * read the AVIF flavour of HEIF.
 */
export async function withPicture<T>(input: Buffer, options: { allowSvg: boolean; keep: Keep }, use: (image: Sharp) => Promise<T>): Promise<T> {
  const sharp = await loadSharp();
  const metadata = await checkHeader(sharp, input, options.allowSvg);
  return decodes.run(async () => {
    if (isHeic(metadata)) {
      const { width, height, channels, data } = await decodeHeicInWorker(input, options.keep);
      return use(sharp(data, { raw: { width, height, channels } }));
    }
    return use(sharp(input, { limitInputPixels: PHOTO_MAX_PIXELS, sequentialRead: true }).rotate());
  });
}

/**
 * Every kept photo is re-encoded: square, 512 px, WebP. sharp writes no
 * metadata (EXIF, GPS position) unless asked to keep it.
 */
export function encodeProfilePhoto(input: Buffer, options: { allowSvg?: boolean } = {}): Promise<Buffer> {
  // The square is cut from a picture whose shorter side is at least 512 px.
  return withPicture(input, { allowSvg: options.allowSvg ?? false, keep: { edge: PHOTO_SIZE, fit: 'outside' } }, (image) =>
    image
      .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer()
      .catch(() => {
        throw new AppError(400, 'PHOTO_INVALID', 'This picture cannot be read');
      }),
  );
}
