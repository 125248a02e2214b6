import { bookingPath, formatDisplayDate, holdLastDay, formatMonth, formatStayDates, localMomentIn, monthOf, MONTH_PARAM, type IsoDate, type Language, type Notice, type NoticeKind, type PushMessage } from '@rustico/core';

/** What a notice says, in it/de/en/fr: the push's title and line, the email's subject and paragraph. */
export interface NoticeText {
  title: string;
  body: string;
}

type Payload = Pick<Notice, 'start' | 'end' | 'byName' | 'reason' | 'inFavourOfName' | 'endsAt'>;

const dates = (p: Payload) => {
  if (!p.start || !p.end) return '';
  return formatStayDates(p.start, p.end);
};

/** `24.12.2026 18:00` on the house's clock. */
function localTime(instant: string | null, timeZone: string): string {
  if (!instant) return '';
  const moment = localMomentIn(timeZone, new Date(instant));
  const hh = String(Math.floor(moment.minutes / 60)).padStart(2, '0');
  const mm = String(moment.minutes % 60).padStart(2, '0');
  return `${formatDisplayDate(moment.day)} ${hh}:${mm}`;
}

const TEXTS: Record<Language, Record<NoticeKind, (p: Payload, until: string, lastDay: string) => NoticeText>> = {
  it: {
    'request-approved': (p) => ({ title: 'Richiesta approvata', body: `Il tuo soggiorno ${dates(p)} è confermato.${p.reason ? ` ${p.reason}` : ''}` }),
    'request-declined': (p) => ({
      title: 'Richiesta rifiutata',
      body: `La tua richiesta ${dates(p)} non è stata accolta${p.inFavourOfName ? `: le date vanno a ${p.inFavourOfName}` : ''}.${p.reason ? ` Motivo: ${p.reason}` : ''}`,
    }),
    'turn-started': (p, until) => ({ title: 'Tocca a te', body: `È il tuo turno per prenotare tra il ${dates(p)}, fino al ${until}.` }),
    'waitlist-freed': (p) => ({ title: 'Si è liberato un posto', body: `Alcune notti che aspettavi (${dates(p)}) sono di nuovo libere.` }),
    'hold-expiring': (p, _until, lastDay) => ({ title: 'La tua opzione scade', body: `La tua opzione ${dates(p)} vale fino al ${lastDay}: confermala o lasciala andare.` }),
    'hold-released': (p) => ({ title: 'Opzione rilasciata', body: `${p.byName ?? 'Un amministratore'} ha rilasciato la tua opzione ${dates(p)}.${p.reason ? ` Motivo: ${p.reason}` : ''}` }),
    'hold-released-house': (p) => ({ title: 'Opzione rilasciata', body: `${p.byName ?? 'Un amministratore'} ha rilasciato un’opzione ${dates(p)}.${p.reason ? ` Motivo: ${p.reason}` : ''}` }),
    'swap-proposed': (p) => ({ title: 'Proposta di scambio', body: `${p.byName} ti propone il suo soggiorno ${dates(p)} in cambio di uno tuo.` }),
    'swap-accepted': (p) => ({ title: 'Scambio accettato', body: `${p.byName} ha accettato: il soggiorno ${dates(p)} ora è tuo.` }),
    'swap-declined': (p) => ({ title: 'Scambio rifiutato', body: `${p.byName} tiene il suo soggiorno ${dates(p)}.` }),
    'offer-made': (p) => ({ title: 'Ti cedono un soggiorno', body: `${p.byName} ti cede il soggiorno ${dates(p)}.` }),
    'offer-accepted': (p) => ({ title: 'Soggiorno ceduto', body: `${p.byName} ha accettato il soggiorno ${dates(p)}.` }),
    'offer-declined': (p) => ({ title: 'Soggiorno non accettato', body: `${p.byName} non prende il soggiorno ${dates(p)}: resta tuo.` }),
  },
  de: {
    'request-approved': (p) => ({ title: 'Anfrage bestätigt', body: `Dein Aufenthalt ${dates(p)} ist bestätigt.${p.reason ? ` ${p.reason}` : ''}` }),
    'request-declined': (p) => ({
      title: 'Anfrage abgelehnt',
      body: `Deine Anfrage ${dates(p)} wurde nicht angenommen${p.inFavourOfName ? `: die Tage gehen an ${p.inFavourOfName}` : ''}.${p.reason ? ` Grund: ${p.reason}` : ''}`,
    }),
    'turn-started': (p, until) => ({ title: 'Du bist dran', body: `Du kannst jetzt im Zeitraum ${dates(p)} buchen, bis ${until}.` }),
    'waitlist-freed': (p) => ({ title: 'Nächte frei geworden', body: `Nächte, auf die du wartest (${dates(p)}), sind wieder frei.` }),
    'hold-expiring': (p, _until, lastDay) => ({ title: 'Deine Option läuft ab', body: `Deine Option ${dates(p)} gilt bis ${lastDay}: bestätige sie oder gib sie frei.` }),
    'hold-released': (p) => ({ title: 'Option freigegeben', body: `${p.byName ?? 'Ein Admin'} hat deine Option ${dates(p)} freigegeben.${p.reason ? ` Grund: ${p.reason}` : ''}` }),
    'hold-released-house': (p) => ({ title: 'Option freigegeben', body: `${p.byName ?? 'Ein Admin'} hat eine Option ${dates(p)} freigegeben.${p.reason ? ` Grund: ${p.reason}` : ''}` }),
    'swap-proposed': (p) => ({ title: 'Tauschvorschlag', body: `${p.byName} bietet dir den Aufenthalt ${dates(p)} im Tausch gegen einen deiner an.` }),
    'swap-accepted': (p) => ({ title: 'Tausch angenommen', body: `${p.byName} hat angenommen: der Aufenthalt ${dates(p)} gehört jetzt dir.` }),
    'swap-declined': (p) => ({ title: 'Tausch abgelehnt', body: `${p.byName} behält den Aufenthalt ${dates(p)}.` }),
    'offer-made': (p) => ({ title: 'Ein Aufenthalt für dich', body: `${p.byName} überlässt dir den Aufenthalt ${dates(p)}.` }),
    'offer-accepted': (p) => ({ title: 'Aufenthalt abgegeben', body: `${p.byName} hat den Aufenthalt ${dates(p)} angenommen.` }),
    'offer-declined': (p) => ({ title: 'Aufenthalt nicht angenommen', body: `${p.byName} nimmt den Aufenthalt ${dates(p)} nicht: er bleibt deiner.` }),
  },
  en: {
    'request-approved': (p) => ({ title: 'Request approved', body: `Your stay ${dates(p)} is confirmed.${p.reason ? ` ${p.reason}` : ''}` }),
    'request-declined': (p) => ({
      title: 'Request declined',
      body: `Your request ${dates(p)} was not accepted${p.inFavourOfName ? `: the dates go to ${p.inFavourOfName}` : ''}.${p.reason ? ` Reason: ${p.reason}` : ''}`,
    }),
    'turn-started': (p, until) => ({ title: 'Your turn', body: `It is your turn to book between ${dates(p)}, until ${until}.` }),
    'waitlist-freed': (p) => ({ title: 'Nights freed up', body: `Some nights you were waiting for (${dates(p)}) are free again.` }),
    'hold-expiring': (p, _until, lastDay) => ({ title: 'Your hold is ending', body: `Your hold ${dates(p)} lasts until ${lastDay}: confirm it or let it go.` }),
    'hold-released': (p) => ({ title: 'Hold released', body: `${p.byName ?? 'An admin'} released your hold ${dates(p)}.${p.reason ? ` Reason: ${p.reason}` : ''}` }),
    'hold-released-house': (p) => ({ title: 'Hold released', body: `${p.byName ?? 'An admin'} released a hold ${dates(p)}.${p.reason ? ` Reason: ${p.reason}` : ''}` }),
    'swap-proposed': (p) => ({ title: 'Swap proposed', body: `${p.byName} offers you their stay ${dates(p)} in exchange for one of yours.` }),
    'swap-accepted': (p) => ({ title: 'Swap accepted', body: `${p.byName} accepted: the stay ${dates(p)} is yours now.` }),
    'swap-declined': (p) => ({ title: 'Swap declined', body: `${p.byName} keeps their stay ${dates(p)}.` }),
    'offer-made': (p) => ({ title: 'A stay for you', body: `${p.byName} gives you the stay ${dates(p)}.` }),
    'offer-accepted': (p) => ({ title: 'Stay given', body: `${p.byName} accepted the stay ${dates(p)}.` }),
    'offer-declined': (p) => ({ title: 'Stay not taken', body: `${p.byName} does not take the stay ${dates(p)}: it stays yours.` }),
  },
  fr: {
    'request-approved': (p) => ({ title: 'Demande approuvée', body: `Ton séjour ${dates(p)} est confirmé.${p.reason ? ` ${p.reason}` : ''}` }),
    'request-declined': (p) => ({
      title: 'Demande refusée',
      body: `Ta demande ${dates(p)} n’a pas été retenue${p.inFavourOfName ? `: les dates vont à ${p.inFavourOfName}` : ''}.${p.reason ? ` Motif: ${p.reason}` : ''}`,
    }),
    'turn-started': (p, until) => ({ title: 'C’est ton tour', body: `Tu peux maintenant réserver dans la période ${dates(p)}, jusqu’au ${until}.` }),
    'waitlist-freed': (p) => ({ title: 'Des nuitées se sont libérées', body: `Des nuitées que tu attendais (${dates(p)}) sont de nouveau libres.` }),
    'hold-expiring': (p, _until, lastDay) => ({ title: 'Ton option se termine', body: `Ton option ${dates(p)} vaut jusqu’au ${lastDay}: confirme-la ou laisse-la.` }),
    'hold-released': (p) => ({ title: 'Option libérée', body: `${p.byName ?? 'Un administrateur'} a libéré ton option ${dates(p)}.${p.reason ? ` Motif: ${p.reason}` : ''}` }),
    'hold-released-house': (p) => ({ title: 'Option libérée', body: `${p.byName ?? 'Un administrateur'} a libéré une option ${dates(p)}.${p.reason ? ` Motif: ${p.reason}` : ''}` }),
    'swap-proposed': (p) => ({ title: 'Proposition d’échange', body: `${p.byName} te propose son séjour ${dates(p)} contre un des tiens.` }),
    'swap-accepted': (p) => ({ title: 'Échange accepté', body: `${p.byName} a accepté: le séjour ${dates(p)} est maintenant à toi.` }),
    'swap-declined': (p) => ({ title: 'Échange refusé', body: `${p.byName} garde son séjour ${dates(p)}.` }),
    'offer-made': (p) => ({ title: 'Un séjour pour toi', body: `${p.byName} te cède le séjour ${dates(p)}.` }),
    'offer-accepted': (p) => ({ title: 'Séjour cédé', body: `${p.byName} a accepté le séjour ${dates(p)}.` }),
    'offer-declined': (p) => ({ title: 'Séjour pas accepté', body: `${p.byName} ne prend pas le séjour ${dates(p)}: il reste à toi.` }),
  },
};

export function noticeText(language: Language, kind: NoticeKind, payload: Payload, timeZone: string): NoticeText {
  const lastDay = payload.endsAt ? formatDisplayDate(holdLastDay(payload.endsAt, timeZone)) : '';
  return TEXTS[language][kind](payload, localTime(payload.endsAt, timeZone), lastDay);
}

type Target = Pick<Notice, 'kind' | 'bookingId' | 'start'>;

/** The booking a notice is about, where the calendar shows it: a confirmed request's. */
export function noticeBooking(notice: Target): { id: string; start: IsoDate } | null {
  const shows = notice.kind === 'request-approved' || notice.kind.startsWith('swap-') || notice.kind.startsWith('offer-');
  return shows && notice.bookingId && notice.start ? { id: notice.bookingId, start: notice.start } : null;
}

/** Where a tap on the notice leads. */
export function noticeUrl(notice: Target, userId: string): string {
  const booking = noticeBooking(notice);
  if (booking) return bookingPath(booking);
  // A declined request is in the member's history, with its reason.
  if (notice.kind === 'request-declined') return `/app/prenotazioni/${userId}`;
  // A turn, or nights freed: the calendar on the month they begin in.
  return notice.start ? `/app/calendario?${MONTH_PARAM}=${formatMonth(monthOf(notice.start))}` : '/app/calendario';
}

export function noticePush(language: Language, notice: Pick<Notice, 'id' | 'kind' | 'bookingId'> & Payload, userId: string, timeZone: string): PushMessage {
  const text = noticeText(language, notice.kind, notice, timeZone);
  return { ...text, url: noticeUrl(notice, userId), tag: `notice-${notice.id}` };
}
