import {
  formatChf,
  formatDisplayDate,
  type Balances,
  type Expense,
  type PaymentDetails,
  type PaymentMethod,
  type YearAccount,
} from '@rustico/core';
import PDFDocument from 'pdfkit';
import { SwissQRBill, Table, type PDFRow } from 'swissqrbill/pdf';
import { CATEGORY_NAMES } from '../expenses/csv.ts';
import { billData, type Bill } from '../stays/qr-bill.ts';

const METHOD_NAMES: Record<PaymentMethod, string> = { bank_transfer: 'Bonifico', twint: 'Twint', voucher: 'Buono weekend' };
const MONTHS = ['Gennaio', 'Febbraio', 'Marzo', 'Aprile', 'Maggio', 'Giugno', 'Luglio', 'Agosto', 'Settembre', 'Ottobre', 'Novembre', 'Dicembre'];

export interface StatementInput {
  houseName: string;
  account: YearAccount;
  expenses: readonly Expense[];
  balances: Balances;
  /** The reader's own open amount, paid with the QR-bill on the last page. */
  openBill: { name: string; bill: Bill } | null;
  payment: PaymentDetails;
  generatedOn: string;
}

const MARGIN = 50;
const WIDTH = 595.28 - 2 * MARGIN;

function table(doc: PDFKit.PDFDocument, header: string[], rows: string[][], widths: number[], rightFrom = header.length) {
  const cell = (text: string, index: number) => ({ text, width: widths[index]!, align: index >= rightFrom ? ('right' as const) : ('left' as const) });
  const tableRows: PDFRow[] = [
    { header: true, fontName: 'Helvetica-Bold', backgroundColor: '#eeeae4', columns: header.map(cell) },
    ...rows.map((row) => ({ columns: row.map(cell) })),
  ];
  new Table({ rows: tableRows, width: WIDTH, fontSize: 9, padding: [4, 6], borderWidth: [0, 0, 0.5, 0], borderColor: '#c8c2b8' }).attachTo(doc);
  doc.moveDown(1);
}

function heading(doc: PDFKit.PDFDocument, text: string) {
  doc.x = MARGIN;
  doc.font('Helvetica-Bold').fontSize(13).fillColor('#3b2a1e').text(text, MARGIN, doc.y, { width: WIDTH });
  doc.moveDown(0.4).font('Helvetica').fontSize(9).fillColor('#000000');
}

/**
 * The year statement: the account, every expense with its receipt
 * reference, everyone's balance, and the reader's open amount with its
 * QR-bill on the last page.
 */
export function statementPdf(input: StatementInput): Promise<Buffer> {
  const { account } = input;
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `${input.houseName}: conto ${account.year}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(18).text(`${input.houseName}: conto ${account.year}`);
  doc.font('Helvetica').fontSize(9).fillColor('#555555').text(`Estratto del ${formatDisplayDate(input.generatedOn)}`).fillColor('#000000');
  doc.moveDown(1);

  heading(doc, 'Conto annuale');
  table(
    doc,
    ['Voce', 'CHF'],
    [
      ...account.income.byMethod.map((m) => [`Entrate soggiorni: ${METHOD_NAMES[m.method]}`, formatChf(m.centimes)]),
      ['Entrate contributi', formatChf(account.income.contributionsCentimes)],
      ['Totale entrate', formatChf(account.income.totalCentimes)],
      ...account.expenses.byCategory.map((c) => [`Spese: ${CATEGORY_NAMES[c.category]}`, formatChf(c.centimes)]),
      ['Totale spese', formatChf(account.expenses.totalCentimes)],
      ['Risultato', formatChf(account.resultCentimes)],
      ['Budget costi fissi', formatChf(account.budget.budgetCentimes)],
      ['Costi fissi spesi', formatChf(account.budget.fixedSpentCentimes)],
    ],
    [WIDTH - 120, 120],
    1,
  );

  heading(doc, 'Mese per mese');
  table(
    doc,
    ['Mese', 'Entrate', 'Spese'],
    account.months.map((m) => [MONTHS[m.month - 1]!, formatChf(m.incomeCentimes), formatChf(m.expensesCentimes)]),
    [WIDTH - 240, 120, 120],
    1,
  );

  heading(doc, 'Spese');
  table(
    doc,
    ['Data', 'Categoria', 'Descrizione', 'Pagato da', 'Ricevuta', 'CHF'],
    [...input.expenses]
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((e) => [formatDisplayDate(e.date), CATEGORY_NAMES[e.category], e.description, e.paidByName ?? 'Conto della casa', e.receipt?.reference ?? '-', formatChf(e.amountCentimes)]),
    [58, 72, WIDTH - 58 - 72 - 84 - 80 - 72, 84, 80, 72],
    5,
  );

  heading(doc, 'Saldi');
  table(
    doc,
    ['Membro', 'Pagato', 'Dovuto', 'Regolato', 'Saldo'],
    [
      ...input.balances.members.map((m) => [m.name, formatChf(m.paidCentimes), formatChf(m.owedCentimes), formatChf(m.settledCentimes), formatChf(m.balanceCentimes)]),
      ['Casa', '', '', '', formatChf(input.balances.houseCentimes)],
    ],
    [WIDTH - 4 * 85, 85, 85, 85, 85],
    1,
  );
  doc.fontSize(8).fillColor('#555555').text('Saldo positivo: la casa deve rimborsare il membro. Negativo: il membro deve alla casa.', MARGIN, doc.y, { width: WIDTH });

  if (input.openBill) {
    doc.addPage();
    heading(doc, `Importo aperto di ${input.openBill.name}`);
    doc.fontSize(11).text(`Da pagare alla casa: ${formatChf(input.openBill.bill.amountCentimes)}, riferimento ${input.openBill.bill.reference}.`, { width: WIDTH });
    new SwissQRBill(billData(input.payment, input.openBill.bill), { language: 'IT' }).attachTo(doc);
  }
  doc.end();
  return done;
}
