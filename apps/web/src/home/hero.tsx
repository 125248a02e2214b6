import { t } from '../lib/i18n.ts';
import { cx } from '../ui/cx.ts';
import styles from './hero.module.css';

const WIDTHS = [640, 1024, 1600] as const;
const srcSet = (format: 'avif' | 'webp') => WIDTHS.map((w) => `/images/rustico-hero-${w}.${format} ${w}w`).join(', ');
// Full width on phones (page padding 16 px each side); beside the 232 px side bar, at most the 880 px column.
const SIZES = '(max-width: 480px) calc(100vw - 32px), min(832px, calc(100vw - 280px))';

export interface HeroProps {
  className?: string | undefined;
}

/**
 * The picture of the house: an illustration of the Rustico in the Valle di
 * Blenio (public/images/rustico-hero.svg, rendered to AVIF and WebP at 640,
 * 1024 and 1600 px); the browser picks the format and the size it needs.
 */
export function Hero({ className }: HeroProps) {
  return (
    <figure className={cx(styles.hero, className)}>
      <picture>
        <source type="image/avif" srcSet={srcSet('avif')} sizes={SIZES} />
        <source type="image/webp" srcSet={srcSet('webp')} sizes={SIZES} />
        <img
          className={styles.image}
          src="/images/rustico-hero.svg"
          alt={t('homeCards.heroAlt')}
          width={1600}
          height={800}
          decoding="async"
          fetchPriority="high"
        />
      </picture>
    </figure>
  );
}
