import { useCallback, useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { Camera } from 'lucide-react';
import { t } from '../lib/i18n.ts';
import { Avatar } from '../ui/avatar.tsx';
import { cx } from '../ui/cx.ts';
import styles from './profile.module.css';

export interface PhotoPickerProps {
  /** The saved photo; null shows the default picture. */
  photoUrl: string | null;
  name: string;
  /** Object URL of the picked file, shown until it is saved. */
  preview: string | null;
  onPick: (file: File) => void;
  /** A file that is not an image was offered. */
  onReject: () => void;
  disabled?: boolean;
}

export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/');
}

/** The 180 px round photo: click to choose an image, or drop one onto it. */
/** The picked file and its preview URL; the URL is revoked when replaced, cleared or unmounted. */
export function usePickedPhoto() {
  const [picked, setPicked] = useState<{ file: File; url: string } | null>(null);
  const urlRef = useRef<string | null>(null);

  useEffect(
    () => () => {
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
      urlRef.current = null;
    },
    [],
  );

  const pick = useCallback((file: File | null) => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    const url = file ? URL.createObjectURL(file) : null;
    urlRef.current = url;
    setPicked(file && url ? { file, url } : null);
  }, []);

  return [picked, pick] as const;
}

export function PhotoPicker({ photoUrl, name, preview, onPick, onReject, disabled }: PhotoPickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);

  const offer = (picked: File | undefined) => {
    if (!picked) return;
    if (isImageFile(picked)) onPick(picked);
    else onReject();
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
    if (!disabled) offer(event.dataTransfer.files[0]);
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
          <img className={styles.photoImage} src={preview} alt="" width={180} height={180} />
        ) : (
          <Avatar src={photoUrl} name={name} size={180} decorative className={styles.photoImage} />
        )}
        <span className={styles.photoBadge} aria-hidden="true">
          <Camera size={22} />
        </span>
      </button>
      <p id={hintId} className={styles.photoHint}>
        {t('profile.photoHint')}
      </p>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        hidden
        onChange={(event) => {
          offer(event.target.files?.[0]);
          // The same file can be picked again after a reset.
          event.target.value = '';
        }}
      />
    </div>
  );
}
