import { AppError } from '../http/errors.ts';
import { openImage } from '../users/photo-encoding.ts';

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
    const image = await openImage(input, false);
    const data = await image.resize(RECEIPT_EDGE, RECEIPT_EDGE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
    // Loaded with the first receipt photo, not at start.
    const { default: sharp } = await import('sharp');
    const thumbnail = await sharp(data).resize(THUMBNAIL_EDGE, THUMBNAIL_EDGE, { fit: 'cover' }).webp({ quality: 70 }).toBuffer();
    return {
      kind: 'image',
      extension: 'webp',
      file: { contentType: 'image/webp', bytes: data },
      thumbnail: { contentType: 'image/webp', bytes: thumbnail },
    };
  } catch {
    throw invalid();
  }
}
