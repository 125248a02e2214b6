import { centimesToDecimal, formatDisplayDate, type Booking } from '@rustico/core';

const PURPOSES = { personal: 'Personale', maintenance: 'Manutenzione/lavori' } as const;
const METHODS = { bank_transfer: 'Bonifico', twint: 'Twint', voucher: 'Buono weekend' } as const;

/** What makes Excel or LibreOffice run a cell as a formula (a name like "=HYPERLINK(…)"). */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string | number): string {
  // A leading apostrophe shows the text as typed instead of running it.
  const text = typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : String(value);
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The bookings as a spreadsheet file: UTF-8 with a byte-order mark so Excel
 * keeps the accents, semicolons as Swiss spreadsheets expect, CRLF lines.
 */
export function bookingsCsv(bookings: readonly Booking[]): string {
  const header = ['Arrivo', 'Partenza', 'Membro', 'Notti', 'Scopo', 'kWh', 'Costo CHF', 'Pagato', 'Metodo'];
  const rows = bookings.map((b) => [
    formatDisplayDate(b.start),
    formatDisplayDate(b.end),
    b.ownerName,
    b.nights,
    PURPOSES[b.purpose],
    b.kwhUsed === null ? '' : b.kwhUsed.toFixed(1),
    centimesToDecimal(b.costCentimes),
    b.paid ? 'Sì' : 'No',
    b.paymentMethod ? METHODS[b.paymentMethod] : '',
  ]);
  return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(';')).join('\r\n')}\r\n`;
}
