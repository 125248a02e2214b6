import { Link, useMatches } from 'react-router';
import { APP_ROUTE_ID } from '../auth/session.ts';
import { t } from '../lib/i18n.ts';
import { buttonClass } from '../ui/button.tsx';
import { cx } from '../ui/cx.ts';
import { useDocumentTitle } from '../ui/page.tsx';
import { AnimatedTv } from './animated-tv.tsx';
import styles from './not-found.module.css';

/** 404: an old TV showing static next to NOT FOUND; side by side above 1024 px, stacked below. */
export function NotFound() {
  const inShell = useMatches().some((match) => match.id === APP_ROUTE_ID);
  useDocumentTitle(t('notFound.title'));
  const Wrapper = inShell ? 'div' : 'main';
  return (
    <Wrapper className={cx(styles.page, inShell && styles.embedded)}>
      <div className={styles.art} data-testid="animated-tv">
        <AnimatedTv />
      </div>
      <div className={styles.text}>
        <h1 className={styles.title}>{t('notFound.title')}</h1>
        <p className={styles.lead}>{t('notFound.text')}</p>
        <Link to={inShell ? '/app' : '/'} className={buttonClass()}>
          {t('notFound.home')}
        </Link>
      </div>
    </Wrapper>
  );
}

export { NotFound as Component };
