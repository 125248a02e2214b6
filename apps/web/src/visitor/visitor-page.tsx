import { useCallback, useEffect, useState } from 'react';
import type { Language } from '@rustico/core';
import { Link } from 'react-router';
import { LogIn } from 'lucide-react';
import { Hero } from '../home/hero.tsx';
import { config } from '../lib/config.ts';
import { getLocale, t } from '../lib/i18n.ts';
import { ContentHtml } from '../tutorial/content-html.tsx';
import { fetchContent } from '../tutorial/content.ts';
import { Alert } from '../ui/alert.tsx';
import { Button, buttonClass } from '../ui/button.tsx';
import { Loading } from '../ui/loading.tsx';
import { useDocumentTitle } from '../ui/page.tsx';
import styles from './visitor-page.module.css';
import { Logo } from '../ui/logo.tsx';

type State =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; title: string | null; html: string | null; language: Language };

/** The page's own h1 stays the only one: a leading '# Title' of the text becomes the page title. */
function splitTitle(html: string): { title: string | null; html: string } {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const first = doc.body.firstElementChild;
  if (first?.tagName !== 'H1') return { title: null, html };
  const title = first.textContent.trim();
  first.remove();
  return { title: title || null, html: doc.body.innerHTML };
}

/** The public welcome text (content/visitor.md); without TanStack Query, as the public pages stay small. */
function useVisitorContent(): [State, () => void] {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    fetchContent('/content/visitor', controller.signal).then(
      ({ html, language }) => setState(html === null ? { status: 'ready', title: null, html: null, language } : { status: 'ready', ...splitTitle(html), language }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [attempt]);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return [state, retry];
}

/** /visitatore: the public welcome page for guests — the house and its rules, nothing about who is there when. */
export function VisitorPage() {
  const [content, retry] = useVisitorContent();
  const houseTitle = content.status === 'ready' ? content.title : null;
  const title = houseTitle ?? t('visitor.title');
  // The house's own title, in the language the house wrote it in.
  const titleLanguage = houseTitle !== null && content.status === 'ready' && content.language !== getLocale() ? content.language : undefined;
  useDocumentTitle(title, config.houseName);
  return (
    <main className={styles.page}>
      <div className={styles.content}>
        <header className={styles.header}>
          <Logo className={styles.logo} size={48} />
          <h1 className={styles.title} lang={titleLanguage}>
            {title}
          </h1>
        </header>
        <Hero />
        {content.status === 'loading' ? (
          <Loading />
        ) : content.status === 'error' ? (
          <div className={styles.state}>
            <Alert>{t('visitor.loadFailed')}</Alert>
            <Button variant="outlined" onClick={retry}>
              {t('visitor.retry')}
            </Button>
          </div>
        ) : content.html ? (
          <article className={styles.article}>
            <ContentHtml html={content.html} language={content.language} />
          </article>
        ) : null}
        <footer className={styles.footer}>
          <p>{t('visitor.toLoginHint')}</p>
          <Link to="/login" className={buttonClass({ variant: 'outlined' })}>
            <LogIn size={18} aria-hidden="true" />
            {t('visitor.toLogin')}
          </Link>
        </footer>
      </div>
    </main>
  );
}

export { VisitorPage as Component };
