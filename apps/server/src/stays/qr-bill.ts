import { formatDisplayDate, type PaymentDetails } from '@rustico/core';
import { SwissQRBill } from 'swissqrbill/svg';
import { calculateSCORReferenceChecksum } from 'swissqrbill/utils';

/** An ISO 11649 creditor reference naming the stay: RF, check digits, arrival date, booking id. */
export function stayReference(booking: { id: string; start: string }): string {
  const raw = `${booking.start.replaceAll('-', '')}${booking.id.replaceAll('-', '').slice(0, 12)}`.toUpperCase();
  return `RF${calculateSCORReferenceChecksum(raw)}${raw}`;
}

/** The payment part of a Swiss QR-bill, as SVG, for a bank transfer of the stay's cost. */
export function qrBillSvg(
  payment: PaymentDetails,
  booking: { id: string; start: string; end: string; costCentimes: number; ownerName: string },
): string {
  const bill = new SwissQRBill(
    {
      currency: 'CHF',
      amount: booking.costCentimes / 100,
      reference: stayReference(booking),
      message: `Soggiorno ${formatDisplayDate(booking.start)} - ${formatDisplayDate(booking.end)}, ${booking.ownerName}`.slice(0, 140),
      creditor: {
        account: payment.iban,
        name: payment.accountHolder,
        address: payment.street,
        ...(payment.buildingNumber ? { buildingNumber: payment.buildingNumber } : {}),
        zip: payment.zip,
        city: payment.city,
        country: payment.country,
      },
    },
    { language: 'IT', scissors: false, outlines: false },
  );
  return bill.toString();
}
