import { t } from '../lib/i18n.ts';
import { cx } from '../ui/cx.ts';
import { HERO_SIZES, heroSrcSet } from './hero-image.ts';
import styles from './hero.module.css';

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
        <source type="image/avif" srcSet={heroSrcSet('avif')} sizes={HERO_SIZES} />
        <source type="image/webp" srcSet={heroSrcSet('webp')} sizes={HERO_SIZES} />
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
