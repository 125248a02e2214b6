import { bookingPath, formatChf, formatStayDates, type Booking, type Language, type PaymentMethod, type PushMessage } from '@rustico/core';

/**
 * The texts of push notifications, composed on the server in each recipient's
 * language (the sender calls a message's function once per language it needs).
 */
export type ComposeMessage = (language: Language) => PushMessage;

const dates = (booking: Pick<Booking, 'start' | 'end'>) => formatStayDates(booking.start, booking.end);

type BookingAction = 'created' | 'updated' | 'deleted';

const TEXTS: Record<
  Language,
  { booking: Record<BookingAction, string>; note: (author: string) => string; payment: string; methods: Record<PaymentMethod, string> }
> = {
  it: {
    booking: { created: 'Nuova prenotazione', updated: 'Prenotazione modificata', deleted: 'Prenotazione annullata' },
    note: (author) => `Nuova nota di ${author}`,
    payment: 'Pagamento registrato',
    methods: { bank_transfer: 'bonifico', twint: 'Twint', voucher: 'buono weekend' },
  },
  de: {
    booking: { created: 'Neue Buchung', updated: 'Buchung geändert', deleted: 'Buchung storniert' },
    note: (author) => `Neue Notiz von ${author}`,
    payment: 'Zahlung erfasst',
    methods: { bank_transfer: 'Überweisung', twint: 'Twint', voucher: 'Wochenend-Gutschein' },
  },
  en: {
    booking: { created: 'New booking', updated: 'Booking changed', deleted: 'Booking cancelled' },
    note: (author) => `New note from ${author}`,
    payment: 'Payment recorded',
    methods: { bank_transfer: 'bank transfer', twint: 'Twint', voucher: 'weekend voucher' },
  },
  fr: {
    booking: { created: 'Nouvelle réservation', updated: 'Réservation modifiée', deleted: 'Réservation annulée' },
    note: (author) => `Nouvelle note de ${author}`,
    payment: 'Paiement enregistré',
    methods: { bank_transfer: 'virement', twint: 'Twint', voucher: 'bon week-end' },
  },
};

export function bookingMessage(action: BookingAction, booking: Pick<Booking, 'id' | 'start' | 'end' | 'ownerName'>): ComposeMessage {
  return (language) => ({
    title: TEXTS[language].booking[action],
    body: `${booking.ownerName}: ${dates(booking)}`,
    // A booking still there opens on it; a cancelled one on the calendar.
    url: action === 'deleted' ? '/app/calendario' : bookingPath(booking),
    tag: `booking-${booking.id}`,
  });
}

const REQUEST_TITLE: Record<Language, string> = { it: 'Nuova richiesta da approvare', de: 'Neue Anfrage zu bestätigen', en: 'New request to approve', fr: 'Nouvelle demande à approuver' };

/** To the administrators: a stay in a peak period waits for their decision. */
export function requestMessage(booking: Pick<Booking, 'id' | 'start' | 'end' | 'ownerName'>): ComposeMessage {
  return (language) => ({ title: REQUEST_TITLE[language], body: `${booking.ownerName}: ${dates(booking)}`, url: '/app/calendario', tag: `request-${booking.id}` });
}

export function noteMessage(note: { id: string; text: string; authorName: string }): ComposeMessage {
  const text = note.text.length > 140 ? `${note.text.slice(0, 139)}…` : note.text;
  return (language) => ({ title: TEXTS[language].note(note.authorName), body: text, url: '/app/gestione#note', tag: `note-${note.id}` });
}

export function paymentMessage(booking: Pick<Booking, 'id' | 'start' | 'end' | 'ownerName' | 'costCentimes' | 'paymentMethod'>): ComposeMessage {
  return (language) => {
    const method = booking.paymentMethod ? ` (${TEXTS[language].methods[booking.paymentMethod]})` : '';
    return {
      title: TEXTS[language].payment,
      body: `${booking.ownerName}: ${formatChf(booking.costCentimes)}${method}, ${dates(booking)}`,
      url: '/app/prenotazioni/0',
      tag: `payment-${booking.id}`,
    };
  };
}
