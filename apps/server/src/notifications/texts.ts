import type { Language } from '@rustico/core';

/** The words of merged messages; a single change keeps the words of its own message (mail/texts.ts). */
export interface MergedTexts {
  subject: (count: number) => string;
  intro: string;
  summarySubject: (count: number) => string;
  summaryIntro: string;
  pushTitle: (count: number) => string;
}

export const MERGED_TEXTS: Record<Language, MergedTexts> = {
  it: {
    subject: (count) => `${count} novità dalla casa`,
    intro: 'ecco cosa è cambiato negli ultimi minuti:',
    summarySubject: (count) => `Il riepilogo di oggi: ${count} novità`,
    summaryIntro: 'ecco cosa è cambiato oggi:',
    pushTitle: (count) => `${count} novità nel calendario`,
  },
  de: {
    subject: (count) => `${count} Neuigkeiten aus dem Haus`,
    intro: 'das hat sich in den letzten Minuten geändert:',
    summarySubject: (count) => `Die Zusammenfassung von heute: ${count} Neuigkeiten`,
    summaryIntro: 'das hat sich heute geändert:',
    pushTitle: (count) => `${count} Neuigkeiten im Kalender`,
  },
  en: {
    subject: (count) => `${count} updates from the house`,
    intro: 'here is what changed in the last few minutes:',
    summarySubject: (count) => `Today's summary: ${count} updates`,
    summaryIntro: 'here is what changed today:',
    pushTitle: (count) => `${count} updates in the calendar`,
  },
  fr: {
    subject: (count) => `${count} nouveautés de la maison`,
    intro: 'voici ce qui a changé ces dernières minutes:',
    summarySubject: (count) => `Le résumé du jour: ${count} nouveautés`,
    summaryIntro: 'voici ce qui a changé aujourd’hui:',
    pushTitle: (count) => `${count} nouveautés dans le calendrier`,
  },
};
