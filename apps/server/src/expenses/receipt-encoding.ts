import { AppError } from '../http/errors.ts';
import { loadSharp, withPicture } from '../users/photo-encoding.ts';

export interface EncodedReceipt {
  kind: 'image' | 'pdf';
  extension: 'webp' | 'pdf';
  file: { contentType: string; bytes: Buffer };
  thumbnail: { contentType: string; bytes: Buffer } | null;
}

const RECEIPT_EDGE = 2000;
const THUMBNAIL_EDGE = 240;

/** A PDF starts with its header and ends with an end-of-file marker, whatever the file is called. */
function isPdf(input: Buffer): boolean {
  return input.subarray(0, 5).toString('latin1') === '%PDF-' && input.subarray(-2048).toString('latin1').includes('%%EOF');
}

const invalid = () => new AppError(400, 'RECEIPT_INVALID', 'A receipt must be a photo (JPEG, PNG, WebP, HEIC) or a PDF');

/**
 * A photo is re-encoded as WebP (readable, at most 2000 px, no EXIF or GPS:
 * sharp writes no metadata unless asked) with a small thumbnail; a PDF is kept
 * as it is once its content says it is one.
 */
export async function encodeReceipt(input: Buffer): Promise<EncodedReceipt> {
  if (isPdf(input)) {
    return { kind: 'pdf', extension: 'pdf', file: { contentType: 'application/pdf', bytes: input }, thumbnail: null };
  }
  try {
    const sharp = await loadSharp();
    const { data, thumbnail } = await withPicture(input, { allowSvg: false, keep: { edge: RECEIPT_EDGE, fit: 'inside' } }, async (image) => {
      const data = await image.resize(RECEIPT_EDGE, RECEIPT_EDGE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
      return { data, thumbnail: await sharp(data).resize(THUMBNAIL_EDGE, THUMBNAIL_EDGE, { fit: 'cover' }).webp({ quality: 70 }).toBuffer() };
    });
    return {
      kind: 'image',
      extension: 'webp',
      file: { contentType: 'image/webp', bytes: data },
      thumbnail: { contentType: 'image/webp', bytes: thumbnail },
    };
  } catch (error) {
    // Too large and busy say what to do; anything else is simply not a receipt.
    if (error instanceof AppError && (error.code === 'PHOTO_TOO_LARGE' || error.code === 'SERVER_BUSY')) throw error;
    throw invalid();
  }
}
