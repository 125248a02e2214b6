import { formatDisplayDate, type PaymentDetails } from '@rustico/core';
import type { Data } from 'swissqrbill/types';
import { calculateSCORReferenceChecksum } from 'swissqrbill/utils';

/** What a QR-bill asks for: the amount, the creditor reference that names it, a message for the payer. */
export interface Bill {
  amountCentimes: number;
  reference: string;
  message: string;
}

/** An ISO 11649 creditor reference: RF, check digits, then up to 21 letters and digits. */
export function creditorReference(raw: string): string {
  const body = raw.replaceAll(/[^0-9A-Za-z]/g, '').toUpperCase().slice(0, 21);
  return `RF${calculateSCORReferenceChecksum(body)}${body}`;
}

/** A stay's reference: its arrival date and the start of its booking id. */
export function stayReference(booking: { id: string; start: string }): string {
  return creditorReference(`${booking.start.replaceAll('-', '')}${booking.id.replaceAll('-', '').slice(0, 12)}`);
}

/** The QR-bill's data for a bank transfer to the house's account (for SVG and PDF alike). */
export function billData(payment: PaymentDetails, bill: Bill): Data {
  return {
    currency: 'CHF',
    amount: bill.amountCentimes / 100,
    reference: bill.reference,
    message: bill.message.slice(0, 140),
    creditor: {
      account: payment.iban,
      name: payment.accountHolder,
      address: payment.street,
      ...(payment.buildingNumber ? { buildingNumber: payment.buildingNumber } : {}),
      zip: payment.zip,
      city: payment.city,
      country: payment.country,
    },
  };
}

/** The payment part of a Swiss QR-bill, as SVG. */
export async function billSvg(payment: PaymentDetails, bill: Bill): Promise<string> {
  // The SVG renderer is loaded on the first bill, not at start.
  const { SwissQRBill } = await import('swissqrbill/svg');
  return new SwissQRBill(billData(payment, bill), { language: 'IT', scissors: false, outlines: false }).toString();
}

/** The QR-bill of a stay's cost. */
export function qrBillSvg(
  payment: PaymentDetails,
  booking: { id: string; start: string; end: string; costCentimes: number; ownerName: string },
): Promise<string> {
  return billSvg(payment, {
    amountCentimes: booking.costCentimes,
    reference: stayReference(booking),
    message: `Soggiorno ${formatDisplayDate(booking.start)} - ${formatDisplayDate(booking.end)}, ${booking.ownerName}`,
  });
}

type BilledStay = { id: string; start: string; end: string; costCentimes: number; ownerName: string };

/** A stay's QR-bill as an A4 PDF (the payment part at the foot of the page), for an email. */
export async function qrBillPdf(payment: PaymentDetails, booking: BilledStay, language: 'IT' | 'DE' | 'EN'): Promise<Buffer> {
  // PDFKit and its fonts load only when a house sends its first QR-bill by email.
  const [{ default: PDFDocument }, { SwissQRBill: PdfQrBill }] = await Promise.all([import('pdfkit'), import('swissqrbill/pdf')]);
  const reference = stayReference(booking);
  const pdf = new PDFDocument({ size: 'A4', autoFirstPage: false, info: { Title: `QR-bill ${reference}` } });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });
  const bill: Bill = {
    amountCentimes: booking.costCentimes,
    reference,
    message: `Soggiorno ${formatDisplayDate(booking.start)} - ${formatDisplayDate(booking.end)}, ${booking.ownerName}`,
  };
  new PdfQrBill(billData(payment, bill), { language, scissors: true, outlines: true }).attachTo(pdf);
  pdf.end();
  await done;
  return Buffer.concat(chunks);
}
