import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { addReaction, insertNote } from '../notes/service.ts';

interface DemoNote {
  who: string;
  text: string;
  /** Hours before now. */
  hoursAgo: number;
  likedBy: string[];
}

const DEMO_NOTES: DemoNote[] = [
  { who: 'giulia', hoursAgo: 24 * 40, text: 'Ho ordinato 3 steri di legna di faggio, arrivano a inizio mese prossimo. Chi è su può aprire il cancello?', likedBy: ['marco', 'luca'] },
  { who: 'andrea', hoursAgo: 24 * 12, text: 'Consiglio per chi sale: la capanna Boverina è aperta fino a fine ottobre, vale la gita!', likedBy: ['sofia', 'elena', 'luca'] },
  { who: 'aurelie', hoursAgo: 24 * 8, text: 'Merci pour le week-end! J’ai refait le stock de bois sous l’avant-toit et laissé une tomme vaudoise au frigo: servez-vous.', likedBy: ['luca', 'rosa'] },
  { who: 'marco', hoursAgo: 24 * 5, text: 'Il boiler ora si accende dal quadro con l\'interruttore nuovo, ho aggiornato la guida Acqua.', likedBy: ['giulia'] },
  { who: 'sofia', hoursAgo: 30, text: 'Qualcuno ha visto il mio cappello di lana rosso? Forse è rimasto nell\'armadio dell\'entrata.', likedBy: [] },
  { who: 'elena', hoursAgo: 3, text: 'Salgo venerdì con due amiche: porto io il pane di Olivone per chi arriva dopo 🍞', likedBy: ['luca', 'marco'] },
];

export async function seedDemoNotes(ctx: AppContext, userIds: Map<string, string>): Promise<void> {
  const now = ctx.now().getTime();
  for (const note of DEMO_NOTES) {
    const id = randomUUID();
    const createdAt = new Date(now - note.hoursAgo * 3_600_000).toISOString();
    await insertNote(ctx.db, { id, userId: userIds.get(note.who)!, text: note.text, eventKind: null, eventDate: null, bookingId: null, createdAt });
    for (const who of note.likedBy) await addReaction(ctx.db, id, userIds.get(who)!, createdAt);
  }
}
