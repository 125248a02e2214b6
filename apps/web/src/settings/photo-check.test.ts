import { PHOTO_MAX_BYTES } from '@rustico/core';
import { describe, expect, it } from 'vitest';
import { checkPhoto, pictureKind } from './photo-check.ts';

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((char) => char.charCodeAt(0)) : part)));

describe('a chosen photo', () => {
  it('is known by its first bytes: JPEG, PNG, GIF, WebP, HEIC and AVIF, nothing else', () => {
    expect(pictureKind(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(pictureKind(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(pictureKind(bytes('GIF89a'))).toBe('gif');
    expect(pictureKind(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('webp');
    expect(pictureKind(bytes([0, 0, 0, 24], 'ftypheic'))).toBe('heif');
    expect(pictureKind(bytes([0, 0, 0, 28], 'ftypavif'))).toBe('heif');
    // A phone's video is an ISO box too, of another brand.
    expect(pictureKind(bytes([0, 0, 0, 20], 'ftypqt  '))).toBeNull();
    expect(pictureKind(bytes('%PDF-1.7'))).toBeNull();
    expect(pictureKind(bytes('<svg xmlns='))).toBeNull();
    expect(pictureKind(new Uint8Array())).toBeNull();
  });

  it('is refused when not a picture whatever its name and type say, or when larger than the server takes', async () => {
    const jpegHead = [0xff, 0xd8, 0xff, 0xe0];
    const notPicture = new File([new Uint8Array(12 * 1024 * 1024)], 'vacanze.jpg', { type: 'image/jpeg' });
    expect(await checkPhoto(notPicture)).toEqual({ refusal: 'notPicture' });
    const tooLarge = new Blob([new Uint8Array(jpegHead), new Uint8Array(PHOTO_MAX_BYTES)]);
    expect(await checkPhoto(tooLarge)).toEqual({ refusal: 'tooLarge' });
    const justFits = new Blob([new Uint8Array(jpegHead), new Uint8Array(PHOTO_MAX_BYTES - jpegHead.length)]);
    expect(await checkPhoto(justFits)).toEqual({ kind: 'jpeg' });
  });
});
