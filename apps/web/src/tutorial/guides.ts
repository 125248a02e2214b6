import type { MessageKey } from '../lib/i18n.ts';

/** The house guides, in the order of the tutorial list; the id is the URL segment. */
export const tutorialIds = ['prenotazione', 'arrivo', 'partenza', 'camino_e_stufe', 'acqua', 'casa'] as const;
export type TutorialId = (typeof tutorialIds)[number];

export function isTutorialId(value: string | undefined): value is TutorialId {
  return tutorialIds.some((id) => id === value);
}

/** Catalog key of a guide's title (in Italian: the id with spaces and a capital first letter). */
export function tutorialTitleKey(id: TutorialId): MessageKey {
  return `tutorial.guides.${id}`;
}
