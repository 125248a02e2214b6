import { useCallback, useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { Camera } from 'lucide-react';
import { formatFileSize, PHOTO_MAX_BYTES } from '@rustico/core';
import { t } from '../lib/i18n.ts';
import { Avatar } from '../ui/avatar.tsx';
import { cx } from '../ui/cx.ts';
import { checkPhoto, type PictureKind } from './photo-check.ts';
import styles from './profile.module.css';

export interface PhotoPickerProps {
  /** The saved photo; null shows the default picture. */
  photoUrl: string | null;
  name: string;
  /** Object URL of the picked file, shown until it is saved. */
  preview: string | null;
  /** A file that can be the photo, by its content and size. */
  onPick: (file: File, kind: PictureKind) => void;
  /** A file that cannot: why, in the member's words. */
  onRefuse: (message: string) => void;
  /** The browser could not draw the picked file. */
  onPreviewFailed: () => void;
  /** Why the last file chosen was not taken (shown under the photo, which stays as it was). */
  error: string | null;
  /** A note under the photo in place of the hint. */
  note?: string | null;
  disabled?: boolean;
}

/** The picked file, its kind and its preview URL; the URL is revoked when replaced, cleared or unmounted. */
export function usePickedPhoto() {
  const [picked, setPicked] = useState<{ file: File; kind: PictureKind; url: string } | null>(null);
  const urlRef = useRef<string | null>(null);

  useEffect(
    () => () => {
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
      urlRef.current = null;
    },
    [],
  );

  const pick = useCallback((file: File | null, kind?: PictureKind) => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    const url = file ? URL.createObjectURL(file) : null;
    urlRef.current = url;
    setPicked(file && kind && url ? { file, kind, url } : null);
  }, []);

  return [picked, pick] as const;
}

/** The 180 px round photo: click to choose an image, or drop one onto it. */
export function PhotoPicker({ photoUrl, name, preview, onPick, onRefuse, onPreviewFailed, error, note, disabled }: PhotoPickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);

  const offer = async (picked: File | undefined) => {
    if (!picked) return;
    const checked = await checkPhoto(picked);
    if ('kind' in checked) onPick(picked, checked.kind);
    else onRefuse(t(`photoChoice.${checked.refusal}`, { name: picked.name, size: formatFileSize(picked.size), max: formatFileSize(PHOTO_MAX_BYTES) }));
  };

  const onDragOver = (event: DragEvent<HTMLButtonElement>) => {
    if (disabled || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  const onDrop = (event: DragEvent<HTMLButtonElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) void offer(event.dataTransfer.files[0]);
  };

  return (
    <div className={styles.photo}>
      <button
        type="button"
        className={cx(styles.photoButton, dragging && styles.dragging)}
        aria-label={t('profile.photo')}
        aria-describedby={hintId}
        onClick={() => inputRef.current?.click()}
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        disabled={disabled}
      >
        {preview ? (
          <img className={styles.photoImage} src={preview} alt="" width={180} height={180} onError={onPreviewFailed} />
        ) : (
          <Avatar src={photoUrl} name={name} size={180} decorative className={styles.photoImage} />
        )}
        <span className={styles.photoBadge} aria-hidden="true">
          <Camera size={22} />
        </span>
      </button>
      {error ? (
        <p id={hintId} className={styles.photoError} role="alert">
          {error}
        </p>
      ) : (
        <p id={hintId} className={styles.photoHint}>
          {note ?? t('profile.photoHint')}
        </p>
      )}
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        hidden
        onChange={(event) => {
          void offer(event.target.files?.[0]);
          // The same file can be picked again after a reset.
          event.target.value = '';
        }}
      />
    </div>
  );
}
