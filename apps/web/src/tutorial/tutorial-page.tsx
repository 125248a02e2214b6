import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { NotFound } from '../errors/not-found-page.tsx';
import { config } from '../lib/config.ts';
import { t } from '../lib/i18n.ts';
import { ComingSoon } from '../ui/coming-soon.tsx';
import { Page, pageStyles } from '../ui/page.tsx';
import { isTutorialId, tutorialTitleKey } from './guides.ts';

/** /app/tutorial/:tutorialId: one guide; an unknown id is a 404. */
export function TutorialPage() {
  const { tutorialId } = useParams();
  if (!isTutorialId(tutorialId)) return <NotFound />;
  const back = (
    <Link to="/app/tutorial" className={pageStyles.back}>
      <ArrowLeft size={18} aria-hidden="true" />
      {t('tutorial.back')}
    </Link>
  );
  return (
    <Page title={t(tutorialTitleKey(tutorialId))} titleSuffix={config.houseName} before={back}>
      {tutorialId === 'casa' ? (
        <ComingSoon title={t('tutorial.notCreated')} text={t('app.comingSoonText')} />
      ) : (
        <ComingSoon title={t('tutorial.inPreparation')} text={t('app.comingSoonText')} />
      )}
    </Page>
  );
}

export { TutorialPage as Component };
