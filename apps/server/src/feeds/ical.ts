import { addDays, type Booking } from '@rustico/core';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

const PURPOSES = { personal: 'Soggiorno', maintenance: 'Manutenzione/lavori' } as const;

/** The house's bookings as an iCalendar feed: all-day events from arrival to departure. */
export function bookingsCalendar(houseName: string, bookings: readonly Booking[]): string {
  const calendar = ical({ name: houseName, prodId: { company: 'Rustico', product: houseName, language: 'IT' }, ttl: 60 * 60 });
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
      summary: `${booking.ownerName} – ${PURPOSES[booking.purpose]}${booking.status === 'requested' ? ' (richiesta)' : ''}`,
      ...(booking.status === 'requested' ? { status: ICalEventStatus.TENTATIVE } : {}),
      description: `${houseName}: ${booking.ownerName}, ${PURPOSES[booking.purpose].toLowerCase()}`,
    });
  }
  return calendar.toString();
}
