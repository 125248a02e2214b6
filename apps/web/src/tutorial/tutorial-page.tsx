import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ArrowLeft, Hourglass } from 'lucide-react';
import { isTutorialId, tutorialTitle, type TutorialId } from '@rustico/core';
import { NotFound } from '../errors/not-found-page.tsx';
import { config } from '../lib/config.ts';
import { t } from '../lib/i18n.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { Loading } from '../ui/loading.tsx';
import { Page, pageStyles } from '../ui/page.tsx';
import { ContentHtml } from './content-html.tsx';
import { contentKeys, fetchContent } from './content.ts';
import styles from './tutorial.module.css';

function Guide({ id }: { id: TutorialId }) {
  const guide = useQuery({
    queryKey: contentKeys.tutorial(id),
    queryFn: ({ signal }) => fetchContent(`/content/tutorials/${id}`, signal),
  });
  if (guide.isPending) return <Loading />;
  if (guide.isError) {
    return (
      <div className={styles.state}>
        <Alert>{t('tutorial.loadFailed')}</Alert>
        <Button variant="outlined" onClick={() => void guide.refetch()}>
          {t('tutorial.retry')}
        </Button>
      </div>
    );
  }
  if (guide.data.html === null) {
    return (
      <Card title={t('tutorial.notCreated')} icon={<Hourglass size={20} />}>
        <p>{t('tutorial.notCreatedText')}</p>
      </Card>
    );
  }
  return (
    <article className={styles.article}>
      <ContentHtml html={guide.data.html} language={guide.data.language} />
    </article>
  );
}

/** /app/tutorial/:tutorialId: one guide (the server renders its Markdown); an unknown id is a 404. */
export function TutorialPage() {
  const { tutorialId = '' } = useParams();
  if (!isTutorialId(tutorialId)) return <NotFound />;
  const back = (
    <Link to="/app/tutorial" className={pageStyles.back}>
      <ArrowLeft size={18} aria-hidden="true" />
      {t('tutorial.back')}
    </Link>
  );
  return (
    <Page title={tutorialTitle(tutorialId)} titleSuffix={config.houseName} before={back}>
      <Guide key={tutorialId} id={tutorialId} />
    </Page>
  );
}

export { TutorialPage as Component };
