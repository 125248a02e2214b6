import styles from './register.module.css';

interface PictureProps {
  /** Accessible name; the picture is decorative without one. */
  label?: string | undefined;
  size?: number;
}

function a11y(label: string | undefined) {
  return label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
}

/** A gift box with a ribbon and bow: the weekend voucher. Drawn for Rustico. */
export function GiftPicture({ label, size = 96 }: PictureProps) {
  return (
    <svg className={styles.picture} width={size} height={size} viewBox="0 0 96 96" {...a11y(label)}>
      <ellipse cx="48" cy="88" rx="32" ry="4" className={styles.pictureShadow} />
      {/* bow */}
      <path d="M48 30c-6-14-22-18-24-8-2 9 14 9 24 8z" className={styles.pictureAccent} />
      <path d="M48 30c6-14 22-18 24-8 2 9-14 9-24 8z" className={styles.pictureAccent} />
      <circle cx="48" cy="30" r="4" className={styles.pictureAccentDark} />
      {/* box */}
      <rect x="18" y="44" width="60" height="40" rx="4" className={styles.picturePrimary} />
      <rect x="13" y="31" width="70" height="15" rx="4" className={styles.picturePrimaryDark} />
      {/* ribbon */}
      <rect x="43" y="31" width="10" height="53" className={styles.pictureAccent} />
      <rect x="18" y="46" width="60" height="3" className={styles.pictureShade} />
    </svg>
  );
}

/** A phone whose screen shows a payment going through (a coin and a tick). Drawn for Rustico. */
export function PhonePayPicture({ label, size = 96 }: PictureProps) {
  return (
    <svg className={styles.picture} width={size} height={size} viewBox="0 0 96 96" {...a11y(label)}>
      <ellipse cx="48" cy="90" rx="24" ry="3.5" className={styles.pictureShadow} />
      {/* phone */}
      <rect x="26" y="6" width="44" height="80" rx="8" className={styles.pictureDevice} />
      <rect x="30" y="14" width="36" height="62" rx="3" className={styles.pictureScreen} />
      <rect x="42" y="9" width="12" height="2" rx="1" className={styles.pictureScreen} />
      <circle cx="48" cy="81" r="2.5" className={styles.pictureScreen} />
      {/* coin with CHF mark */}
      <circle cx="48" cy="36" r="12" className={styles.pictureAccent} />
      <circle cx="48" cy="36" r="8.5" className={styles.pictureAccentDark} />
      <path d="M48 31v10M43 36h10" className={styles.pictureStrokeLight} />
      {/* tick */}
      <circle cx="48" cy="62" r="7" className={styles.picturePine} />
      <path d="M44.5 62l2.5 2.5 4.5-5" className={styles.pictureStrokeLight} />
      {/* waves */}
      <path d="M74 30c4 4 4 12 0 16M79 25c7 7 7 19 0 26" className={styles.pictureWaves} />
    </svg>
  );
}
