import type { ComponentType } from 'react';
import { Link } from 'react-router';
import {
  CalendarCheck,
  ChevronRight,
  Droplets,
  Flame,
  House,
  LogIn,
  LogOut,
  type LucideProps,
} from 'lucide-react';
import { tutorialIds, tutorialTitle, type TutorialId } from '@rustico/core';
import { config } from '../lib/config.ts';
import { t } from '../lib/i18n.ts';
import { Page } from '../ui/page.tsx';
import styles from './tutorial.module.css';

const ICONS: Record<TutorialId, ComponentType<LucideProps>> = {
  prenotazione: CalendarCheck,
  arrivo: LogIn,
  partenza: LogOut,
  camino_e_stufe: Flame,
  acqua: Droplets,
  casa: House,
};

/** /app/tutorial: one card per house guide. */
export function TutorialListPage() {
  return (
    <Page title={t('tutorial.title')} lead={t('tutorial.intro')} titleSuffix={config.houseName}>
      <ul className={styles.grid}>
        {tutorialIds.map((id) => {
          const Icon = ICONS[id];
          return (
            <li key={id}>
              <Link to={`/app/tutorial/${id}`} className={styles.card}>
                <span className={styles.icon} aria-hidden="true">
                  <Icon size={22} />
                </span>
                <span className={styles.text}>
                  <span className={styles.title}>{tutorialTitle(id)}</span>
                  <span className={styles.hint}>{t('tutorial.open')}</span>
                </span>
                <ChevronRight className={styles.chevron} size={20} aria-hidden="true" />
              </Link>
            </li>
          );
        })}
      </ul>
    </Page>
  );
}

export { TutorialListPage as Component };
