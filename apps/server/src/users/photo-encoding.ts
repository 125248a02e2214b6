import { createHash } from 'node:crypto';
import sharp from 'sharp';

export const PHOTO_SIZE = 512;

/**
 * Every kept photo is re-encoded: square, 512 px, WebP. sharp drops all
 * metadata (EXIF, GPS position) unless asked to keep it.
 */
export async function encodeProfilePhoto(input: Buffer): Promise<{ data: Buffer; fileName: (userId: string) => string }> {
  const data = await sharp(input, { limitInputPixels: 100_000_000 })
    .rotate()
    .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'cover', position: 'attention' })
    .webp({ quality: 82 })
    .toBuffer();
  const version = createHash('sha256').update(data).digest('hex').slice(0, 12);
  return { data, fileName: (userId) => `${userId}-${version}.webp` };
}
