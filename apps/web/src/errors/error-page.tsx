import { isRouteErrorResponse, useRouteError } from 'react-router';
import { t } from '../lib/i18n.ts';
import { buttonClass } from '../ui/button.tsx';
import { useDocumentTitle } from '../ui/page.tsx';
import styles from './error-page.module.css';

function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadTimeoutError' ||
    /dynamically imported module|module script failed|Importing a module script|error loading dynamically/i.test(
      error.message,
    )
  );
}

/**
 * Route error element: unexpected errors and failed lazy loads. Offers a full
 * reload and a plain link to /app (a full page load, so fresh code is fetched).
 */
export function ErrorPage({ embedded = false }: { embedded?: boolean }) {
  const error = useRouteError();
  const title = t('error.title');
  useDocumentTitle(title);
  const text = isChunkLoadError(error) ? t('error.chunkText') : t('error.text');
  if (!isRouteErrorResponse(error)) console.error(error);
  // Inside the /app shell the page already has its <main>.
  const Wrapper = embedded ? 'div' : 'main';
  return (
    <Wrapper className={styles.page}>
      <div className={styles.box}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.text}>{text}</p>
        <div className={styles.actions}>
          <button type="button" className={buttonClass()} onClick={() => window.location.reload()}>
            {t('error.reload')}
          </button>
          <a href="/app" className={buttonClass({ variant: 'outlined' })}>
            {t('error.home')}
          </a>
        </div>
      </div>
    </Wrapper>
  );
}
