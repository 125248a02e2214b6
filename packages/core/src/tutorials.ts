/** The house guides, in the order of the Tutorial screen. */
export const tutorialIds = ['prenotazione', 'arrivo', 'partenza', 'camino_e_stufe', 'acqua', 'casa'] as const;
export type TutorialId = (typeof tutorialIds)[number];

export function isTutorialId(value: string): value is TutorialId {
  return (tutorialIds as readonly string[]).includes(value);
}

/** The spec's title rule: underscores become spaces, the first letter is capitalised. */
export function tutorialTitle(id: string): string {
  const spaced = id.replaceAll('_', ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
