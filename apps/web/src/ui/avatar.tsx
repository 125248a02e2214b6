import { useState } from 'react';
import { t } from '../lib/i18n.ts';
import { cx } from './cx.ts';
import styles from './avatar.module.css';

export interface AvatarProps {
  /** Photo URL; null shows the default silhouette. */
  src: string | null;
  name: string;
  size?: number;
  /** True when the name is shown next to it, so the picture needs no text of its own. */
  decorative?: boolean;
  className?: string;
}

/** Round user photo with a drawn default picture when there is none (or it fails to load). */
export function Avatar({ src, name, size = 40, decorative = false, className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const label = decorative ? undefined : t('user.photoAlt', { name });
  if (src && failedSrc !== src) {
    return (
      <img
        className={cx(styles.avatar, className)}
        src={src}
        alt={label ?? ''}
        width={size}
        height={size}
        onError={() => setFailedSrc(src)}
      />
    );
  }
  return (
    <svg
      className={cx(styles.avatar, styles.silhouette, className)}
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role={decorative ? undefined : 'img'}
      aria-hidden={decorative || undefined}
      aria-label={decorative ? undefined : t('user.defaultPhoto')}
    >
      <circle cx="32" cy="24" r="11" fill="currentColor" />
      <path d="M10 58c1.5-12 10.5-19 22-19s20.5 7 22 19z" fill="currentColor" />
    </svg>
  );
}
