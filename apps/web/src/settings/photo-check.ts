import { PHOTO_MAX_BYTES } from '@rustico/core';

/** Why a chosen file cannot become the photo. */
export type PhotoRefusal = 'notPicture' | 'tooLarge';

/** What a chosen file holds, by its first bytes (never its name or declared type, as the server). */
export type PictureKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'heif';

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1', 'avif', 'avis']);

const ascii = (bytes: Uint8Array, from: number, length: number) => String.fromCharCode(...bytes.subarray(from, from + length));

/** The kind of picture the first 12 bytes start, of those the server reads; null for anything else. */
export function pictureKind(head: Uint8Array): PictureKind | null {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head[0] === 0x89 && ascii(head, 1, 3) === 'PNG') return 'png';
  if (ascii(head, 0, 4) === 'GIF8') return 'gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') return 'webp';
  // HEIF (an iPhone's HEIC, AVIF): an ISO box `ftyp` whose brand is a picture's, not a video's.
  if (ascii(head, 4, 4) === 'ftyp' && HEIF_BRANDS.has(ascii(head, 8, 4))) return 'heif';
  return null;
}

/**
 * A chosen file judged before it is shown or sent: its kind from its content, then its size. The
 * server judges again; this only saves a member the wait and says why at once.
 */
export async function checkPhoto(file: Blob): Promise<{ kind: PictureKind } | { refusal: PhotoRefusal }> {
  const kind = pictureKind(new Uint8Array(await file.slice(0, 12).arrayBuffer()));
  if (!kind) return { refusal: 'notPicture' };
  if (file.size > PHOTO_MAX_BYTES) return { refusal: 'tooLarge' };
  return { kind };
}
