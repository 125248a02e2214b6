import { createHash } from 'node:crypto';
import decodeHeic from 'heic-decode';
import sharp from 'sharp';
import { AppError } from '../http/errors.ts';

export const PHOTO_SIZE = 512;
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'svg']);

/**
 * Opens an upload by its content, whatever its name or declared type says.
 * iPhones' HEIC (HEVC inside HEIF) is decoded with libheif's WebAssembly
 * build, since sharp's own binaries only read the AVIF flavour of HEIF.
 */
async function openImage(input: Buffer, allowSvg: boolean): Promise<sharp.Sharp> {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(input).metadata();
  } catch {
    throw new AppError(400, 'PHOTO_INVALID', 'This file is not a picture');
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || (metadata.format === 'svg' && !allowSvg)) {
    throw new AppError(400, 'PHOTO_INVALID', 'Photos must be JPEG, PNG, WebP, HEIC or GIF');
  }
  if (metadata.format === 'heif' && metadata.compression === 'hevc') {
    const { width, height, data } = await decodeHeic({ buffer: input }).catch(() => {
      throw new AppError(400, 'PHOTO_INVALID', 'This HEIC picture cannot be read');
    });
    return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } });
  }
  return sharp(input, { limitInputPixels: 100_000_000 }).rotate();
}

/**
 * Every kept photo is re-encoded: square, 512 px, WebP. sharp writes no
 * metadata (EXIF, GPS position) unless asked to keep it.
 */
export async function encodeProfilePhoto(input: Buffer, options: { allowSvg?: boolean } = {}): Promise<{ data: Buffer; fileName: (userId: string) => string }> {
  const image = await openImage(input, options.allowSvg ?? false);
  const data = await image
    .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'cover', position: 'attention' })
    .webp({ quality: 82 })
    .toBuffer()
    .catch(() => {
      throw new AppError(400, 'PHOTO_INVALID', 'This picture cannot be read');
    });
  const version = createHash('sha256').update(data).digest('hex').slice(0, 12);
  return { data, fileName: (userId) => `${userId}-${version}.webp` };
}
