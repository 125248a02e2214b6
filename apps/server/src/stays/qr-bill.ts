import { formatDisplayDate, type Language, type PaymentDetails } from '@rustico/core';
import type { Data, Language as BillLanguage } from 'swissqrbill/types';
import { calculateSCORReferenceChecksum } from 'swissqrbill/utils';

/** What a QR-bill asks for: the amount, the creditor reference that names it, a message for the payer. */
export interface Bill {
  amountCentimes: number;
  reference: string;
  message: string;
}

/**
 * A bill's own words in the reader's language: its labels are swissqrbill's (the Swiss payment
 * standards' own: «Récépissé», «Section paiement»…); the message tells the house what is paid,
 * as the payment screen's «Communication» does.
 */
const WORDS: Record<Language, { bill: BillLanguage; title: string; stay: string; balance: string; contribution: string }> = {
  it: { bill: 'IT', title: 'Polizza di versamento QR', stay: 'Soggiorno', balance: 'Saldo casa', contribution: 'Contributo' },
  de: { bill: 'DE', title: 'QR-Rechnung', stay: 'Aufenthalt', balance: 'Saldo Haus', contribution: 'Beitrag' },
  en: { bill: 'EN', title: 'QR-bill', stay: 'Stay', balance: 'House balance', contribution: 'Contribution' },
  fr: { bill: 'FR', title: 'QR-facture', stay: 'Séjour', balance: 'Solde maison', contribution: 'Contribution' },
};

/** The language swissqrbill draws a bill's labels in. */
export const billLanguage = (language: Language): BillLanguage => WORDS[language].bill;

/** The message of a member's balance bill ('Solde maison, Luca Bernasconi'). */
export const balanceMessage = (language: Language, name: string) => `${WORDS[language].balance}, ${name}`;

/** The message of a co-owner's contribution bill ('Contribution 2026, Marco Bernasconi'). */
export const contributionMessage = (language: Language, year: number, name: string) => `${WORDS[language].contribution} ${year}, ${name}`;

/** A stay's message: `Séjour 04.12.2026 - 07.12.2026, Luca Bernasconi`. */
const stayMessage = (language: Language, booking: { start: string; end: string; ownerName: string }) =>
  `${WORDS[language].stay} ${formatDisplayDate(booking.start)} - ${formatDisplayDate(booking.end)}, ${booking.ownerName}`;

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

/** The payment part of a Swiss QR-bill, as SVG, labelled in the reader's language. */
export async function billSvg(payment: PaymentDetails, bill: Bill, language: Language): Promise<string> {
  // The SVG renderer is loaded on the first bill, not at start.
  const { SwissQRBill } = await import('swissqrbill/svg');
  return new SwissQRBill(billData(payment, bill), { language: billLanguage(language), scissors: false, outlines: false }).toString();
}

/** The QR-bill of a stay's cost. */
export function qrBillSvg(
  payment: PaymentDetails,
  booking: { id: string; start: string; end: string; costCentimes: number; ownerName: string },
  language: Language,
): Promise<string> {
  return billSvg(payment, { amountCentimes: booking.costCentimes, reference: stayReference(booking), message: stayMessage(language, booking) }, language);
}

type BilledStay = { id: string; start: string; end: string; costCentimes: number; ownerName: string };

/** A stay's QR-bill as an A4 PDF (the payment part at the foot of the page), for an email in the reader's language. */
export async function qrBillPdf(payment: PaymentDetails, booking: BilledStay, language: Language): Promise<Buffer> {
  // PDFKit and its fonts load only when a house sends its first QR-bill by email.
  const [{ default: PDFDocument }, { SwissQRBill: PdfQrBill }] = await Promise.all([import('pdfkit'), import('swissqrbill/pdf')]);
  const reference = stayReference(booking);
  const pdf = new PDFDocument({ size: 'A4', autoFirstPage: false, lang: language, info: { Title: `${WORDS[language].title} ${reference}` } });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });
  const bill: Bill = { amountCentimes: booking.costCentimes, reference, message: stayMessage(language, booking) };
  new PdfQrBill(billData(payment, bill), { language: billLanguage(language), scissors: true, outlines: true }).attachTo(pdf);
  pdf.end();
  await done;
  return Buffer.concat(chunks);
}
