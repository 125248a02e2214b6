import { addDays, type Booking, type Language, type Purpose } from '@rustico/core';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/** How an event reads, in the language of the member whose feed it is. */
const WORDS: Record<Language, { purposes: Record<Purpose, string>; requested: string }> = {
  it: { purposes: { personal: 'Soggiorno', maintenance: 'Manutenzione/lavori' }, requested: 'richiesta' },
  de: { purposes: { personal: 'Aufenthalt', maintenance: 'Unterhalt/Arbeiten' }, requested: 'Anfrage' },
  en: { purposes: { personal: 'Stay', maintenance: 'Maintenance/work' }, requested: 'request' },
  fr: { purposes: { personal: 'Séjour', maintenance: 'Entretien/travaux' }, requested: 'demande' },
};

/** The house's bookings as an iCalendar feed: all-day events from arrival to departure, in the feed owner's language. */
export function bookingsCalendar(houseName: string, bookings: readonly Booking[], language: Language): string {
  const { purposes, requested } = WORDS[language];
  const calendar = ical({ name: houseName, prodId: { company: 'Rustico', product: houseName, language: language.toUpperCase() }, ttl: 60 * 60 });
  calendar.method(ICalCalendarMethod.PUBLISH);
  for (const booking of bookings) {
    // All-day dates are written as given; the end is exclusive, so a day visit ends the next day.
    const end = booking.end === booking.start ? addDays(booking.start, 1) : booking.end;
    calendar.createEvent({
      id: `${booking.id}@rustico`,
      allDay: true,
      start: new Date(`${booking.start}T12:00:00Z`),
      end: new Date(`${end}T12:00:00Z`),
      timezone: 'UTC',
      // A request waiting for approval is tentative, as the calendar draws it.
      summary: `${booking.ownerName} – ${purposes[booking.purpose]}${booking.status === 'requested' ? ` (${requested})` : ''}`,
      ...(booking.status === 'requested' ? { status: ICalEventStatus.TENTATIVE } : {}),
      description: `${houseName}: ${booking.ownerName}, ${purposes[booking.purpose].toLowerCase()}`,
    });
  }
  return calendar.toString();
}
