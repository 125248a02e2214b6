import { formatChf, formatDisplayDate, type Booking, type PaymentMethod, type PushMessage } from '@rustico/core';

/**
 * The texts of push notifications. They are composed on the server, so they
 * are Italian, the house's language.
 */
const dates = (booking: Pick<Booking, 'start' | 'end'>) =>
  booking.start === booking.end ? formatDisplayDate(booking.start) : `${formatDisplayDate(booking.start)} – ${formatDisplayDate(booking.end)}`;

const BOOKING_TITLES = { created: 'Nuova prenotazione', updated: 'Prenotazione modificata', deleted: 'Prenotazione annullata' } as const;

const METHODS: Record<PaymentMethod, string> = { bank_transfer: 'bonifico', twint: 'Twint', voucher: 'buono weekend' };

export function bookingMessage(action: keyof typeof BOOKING_TITLES, booking: Pick<Booking, 'id' | 'start' | 'end' | 'ownerName'>): PushMessage {
  return { title: BOOKING_TITLES[action], body: `${booking.ownerName}: ${dates(booking)}`, url: '/app/calendario', tag: `booking-${booking.id}` };
}

export function noteMessage(note: { id: string; text: string; authorName: string }): PushMessage {
  const text = note.text.length > 140 ? `${note.text.slice(0, 139)}…` : note.text;
  return { title: `Nuova nota di ${note.authorName}`, body: text, url: '/app/gestione#note', tag: `note-${note.id}` };
}

export function paymentMessage(booking: Pick<Booking, 'id' | 'start' | 'end' | 'ownerName' | 'costCentimes' | 'paymentMethod'>): PushMessage {
  const method = booking.paymentMethod ? ` (${METHODS[booking.paymentMethod]})` : '';
  return {
    title: 'Pagamento registrato',
    body: `${booking.ownerName}: ${formatChf(booking.costCentimes)}${method}, ${dates(booking)}`,
    url: '/app/prenotazioni/0',
    tag: `payment-${booking.id}`,
  };
}
