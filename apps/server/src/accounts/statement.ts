import {
  formatChf,
  formatDisplayDate,
  type Balances,
  type Expense,
  type ExpenseCategory,
  type Language,
  type PaymentDetails,
  type PaymentMethod,
  type YearAccount,
} from '@rustico/core';
import PDFDocument from 'pdfkit';
import { SwissQRBill, Table, type PDFRow } from 'swissqrbill/pdf';
import { billData, billLanguage, type Bill } from '../stays/qr-bill.ts';

/** Every word of the statement, in the reader's language. */
interface StatementTexts {
  title: (house: string, year: number) => string;
  generatedOn: (date: string) => string;
  fileName: (year: number) => string;
  account: string;
  item: string;
  stayIncome: (method: string) => string;
  contributionIncome: string;
  totalIncome: string;
  expense: (category: string) => string;
  totalExpenses: string;
  result: string;
  budget: string;
  fixedSpent: string;
  monthByMonth: string;
  monthColumns: [string, string, string];
  months: readonly string[];
  expenses: string;
  expenseColumns: [string, string, string, string, string];
  houseAccount: string;
  balances: string;
  balanceColumns: [string, string, string, string, string];
  house: string;
  balanceNote: string;
  openAmount: (name: string) => string;
  toPay: (amount: string, reference: string) => string;
  methods: Record<PaymentMethod, string>;
  categories: Record<ExpenseCategory, string>;
}

const TEXTS: Record<Language, StatementTexts> = {
  it: {
    title: (house, year) => `${house}: conto ${year}`,
    generatedOn: (date) => `Estratto del ${date}`,
    fileName: (year) => `conto-${year}.pdf`,
    account: 'Conto annuale',
    item: 'Voce',
    stayIncome: (method) => `Entrate soggiorni: ${method}`,
    contributionIncome: 'Entrate contributi',
    totalIncome: 'Totale entrate',
    expense: (category) => `Spese: ${category}`,
    totalExpenses: 'Totale spese',
    result: 'Risultato',
    budget: 'Budget costi fissi',
    fixedSpent: 'Costi fissi spesi',
    monthByMonth: 'Mese per mese',
    monthColumns: ['Mese', 'Entrate', 'Spese'],
    months: ['Gennaio', 'Febbraio', 'Marzo', 'Aprile', 'Maggio', 'Giugno', 'Luglio', 'Agosto', 'Settembre', 'Ottobre', 'Novembre', 'Dicembre'],
    expenses: 'Spese',
    expenseColumns: ['Data', 'Categoria', 'Descrizione', 'Pagato da', 'Ricevuta'],
    houseAccount: 'Conto della casa',
    balances: 'Saldi',
    balanceColumns: ['Membro', 'Pagato', 'Dovuto', 'Regolato', 'Saldo'],
    house: 'Casa',
    balanceNote: 'Saldo positivo: la casa deve rimborsare il membro. Negativo: il membro deve alla casa.',
    openAmount: (name) => `Importo aperto di ${name}`,
    toPay: (amount, reference) => `Da pagare alla casa: ${amount}, riferimento ${reference}.`,
    methods: { bank_transfer: 'Bonifico', twint: 'Twint', voucher: 'Buono weekend' },
    categories: { insurance: 'Assicurazione', taxes: 'Tasse', maintenance: 'Manutenzione', repairs: 'Riparazioni', energy: 'Energia', water: 'Acqua', firewood: 'Legna', cleaning: 'Pulizie', other: 'Altro' },
  },
  de: {
    title: (house, year) => `${house}: Abrechnung ${year}`,
    generatedOn: (date) => `Auszug vom ${date}`,
    fileName: (year) => `abrechnung-${year}.pdf`,
    account: 'Jahresrechnung',
    item: 'Posten',
    stayIncome: (method) => `Einnahmen Aufenthalte: ${method}`,
    contributionIncome: 'Einnahmen Beiträge',
    totalIncome: 'Total Einnahmen',
    expense: (category) => `Ausgaben: ${category}`,
    totalExpenses: 'Total Ausgaben',
    result: 'Ergebnis',
    budget: 'Budget Fixkosten',
    fixedSpent: 'Ausgegebene Fixkosten',
    monthByMonth: 'Monat für Monat',
    monthColumns: ['Monat', 'Einnahmen', 'Ausgaben'],
    months: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
    expenses: 'Ausgaben',
    expenseColumns: ['Datum', 'Kategorie', 'Beschreibung', 'Bezahlt von', 'Beleg'],
    houseAccount: 'Konto des Hauses',
    balances: 'Salden',
    balanceColumns: ['Mitglied', 'Bezahlt', 'Geschuldet', 'Ausgeglichen', 'Saldo'],
    house: 'Haus',
    balanceNote: 'Positiver Saldo: Das Haus muss dem Mitglied zurückzahlen. Negativ: Das Mitglied schuldet dem Haus.',
    openAmount: (name) => `Offener Betrag von ${name}`,
    toPay: (amount, reference) => `An das Haus zu zahlen: ${amount}, Referenz ${reference}.`,
    methods: { bank_transfer: 'Überweisung', twint: 'Twint', voucher: 'Wochenendgutschein' },
    categories: { insurance: 'Versicherung', taxes: 'Steuern', maintenance: 'Unterhalt', repairs: 'Reparaturen', energy: 'Energie', water: 'Wasser', firewood: 'Brennholz', cleaning: 'Reinigung', other: 'Anderes' },
  },
  en: {
    title: (house, year) => `${house}: account ${year}`,
    generatedOn: (date) => `Statement of ${date}`,
    fileName: (year) => `account-${year}.pdf`,
    account: 'Annual account',
    item: 'Item',
    stayIncome: (method) => `Stay income: ${method}`,
    contributionIncome: 'Contribution income',
    totalIncome: 'Total income',
    expense: (category) => `Expenses: ${category}`,
    totalExpenses: 'Total expenses',
    result: 'Result',
    budget: 'Fixed-cost budget',
    fixedSpent: 'Fixed costs spent',
    monthByMonth: 'Month by month',
    monthColumns: ['Month', 'Income', 'Expenses'],
    months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
    expenses: 'Expenses',
    expenseColumns: ['Date', 'Category', 'Description', 'Paid by', 'Receipt'],
    houseAccount: 'House account',
    balances: 'Balances',
    balanceColumns: ['Member', 'Paid', 'Owed', 'Settled', 'Balance'],
    house: 'House',
    balanceNote: 'Positive balance: the house owes the member. Negative: the member owes the house.',
    openAmount: (name) => `Open amount of ${name}`,
    toPay: (amount, reference) => `To pay to the house: ${amount}, reference ${reference}.`,
    methods: { bank_transfer: 'Bank transfer', twint: 'Twint', voucher: 'Weekend voucher' },
    categories: { insurance: 'Insurance', taxes: 'Taxes', maintenance: 'Maintenance', repairs: 'Repairs', energy: 'Energy', water: 'Water', firewood: 'Firewood', cleaning: 'Cleaning', other: 'Other' },
  },
  fr: {
    title: (house, year) => `${house}: décompte ${year}`,
    generatedOn: (date) => `Décompte établi le ${date}`,
    fileName: (year) => `decompte-${year}.pdf`,
    account: 'Compte annuel',
    item: 'Poste',
    stayIncome: (method) => `Recettes des séjours: ${method}`,
    contributionIncome: 'Recettes des contributions',
    totalIncome: 'Total des recettes',
    expense: (category) => `Dépenses: ${category}`,
    totalExpenses: 'Total des dépenses',
    result: 'Résultat',
    budget: 'Budget des frais fixes',
    fixedSpent: 'Frais fixes dépensés',
    monthByMonth: 'Mois par mois',
    monthColumns: ['Mois', 'Recettes', 'Dépenses'],
    months: ['Janvier', 'Février', 'Mars', 'Avril', 'Mai', 'Juin', 'Juillet', 'Août', 'Septembre', 'Octobre', 'Novembre', 'Décembre'],
    expenses: 'Dépenses',
    expenseColumns: ['Date', 'Catégorie', 'Description', 'Payé par', 'Quittance'],
    houseAccount: 'Compte de la maison',
    balances: 'Soldes',
    balanceColumns: ['Membre', 'Payé', 'Dû', 'Réglé', 'Solde'],
    house: 'Maison',
    balanceNote: 'Solde positif: la maison doit rembourser le membre. Négatif: le membre doit de l’argent à la maison.',
    openAmount: (name) => `Montant ouvert de ${name}`,
    toPay: (amount, reference) => `À payer à la maison: ${amount}, référence ${reference}.`,
    methods: { bank_transfer: 'Virement', twint: 'Twint', voucher: 'Bon week-end' },
    categories: { insurance: 'Assurance', taxes: 'Impôts', maintenance: 'Entretien', repairs: 'Réparations', energy: 'Énergie', water: 'Eau', firewood: 'Bois de chauffage', cleaning: 'Nettoyage', other: 'Autre' },
  },
};

/** The statement's file name, in the reader's language (`decompte-2026.pdf`). */
export const statementFileName = (language: Language, year: number) => TEXTS[language].fileName(year);

export interface StatementInput {
  houseName: string;
  account: YearAccount;
  expenses: readonly Expense[];
  balances: Balances;
  /** The reader's own open amount, paid with the QR-bill on the last page. */
  openBill: { name: string; bill: Bill } | null;
  payment: PaymentDetails;
  generatedOn: string;
  /** The reader's: every word, the months, the categories and the QR-bill's labels. */
  language: Language;
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
  const t = TEXTS[input.language];
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, lang: input.language, info: { Title: t.title(input.houseName, account.year) } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(18).text(t.title(input.houseName, account.year));
  doc.font('Helvetica').fontSize(9).fillColor('#555555').text(t.generatedOn(formatDisplayDate(input.generatedOn))).fillColor('#000000');
  doc.moveDown(1);

  heading(doc, t.account);
  table(
    doc,
    [t.item, 'CHF'],
    [
      ...account.income.byMethod.map((m) => [t.stayIncome(t.methods[m.method]), formatChf(m.centimes)]),
      [t.contributionIncome, formatChf(account.income.contributionsCentimes)],
      [t.totalIncome, formatChf(account.income.totalCentimes)],
      ...account.expenses.byCategory.map((c) => [t.expense(t.categories[c.category]), formatChf(c.centimes)]),
      [t.totalExpenses, formatChf(account.expenses.totalCentimes)],
      [t.result, formatChf(account.resultCentimes)],
      [t.budget, formatChf(account.budget.budgetCentimes)],
      [t.fixedSpent, formatChf(account.budget.fixedSpentCentimes)],
    ],
    [WIDTH - 120, 120],
    1,
  );

  heading(doc, t.monthByMonth);
  table(
    doc,
    t.monthColumns,
    account.months.map((m) => [t.months[m.month - 1]!, formatChf(m.incomeCentimes), formatChf(m.expensesCentimes)]),
    [WIDTH - 240, 120, 120],
    1,
  );

  heading(doc, t.expenses);
  table(
    doc,
    [...t.expenseColumns, 'CHF'],
    [...input.expenses]
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((e) => [formatDisplayDate(e.date), t.categories[e.category], e.description, e.paidByName ?? t.houseAccount, e.receipt?.reference ?? '-', formatChf(e.amountCentimes)]),
    [58, 72, WIDTH - 58 - 72 - 84 - 80 - 72, 84, 80, 72],
    5,
  );

  heading(doc, t.balances);
  table(
    doc,
    t.balanceColumns,
    [
      ...input.balances.members.map((m) => [m.name, formatChf(m.paidCentimes), formatChf(m.owedCentimes), formatChf(m.settledCentimes), formatChf(m.balanceCentimes)]),
      [t.house, '', '', '', formatChf(input.balances.houseCentimes)],
    ],
    [WIDTH - 4 * 85, 85, 85, 85, 85],
    1,
  );
  doc.fontSize(8).fillColor('#555555').text(t.balanceNote, MARGIN, doc.y, { width: WIDTH });

  if (input.openBill) {
    doc.addPage();
    heading(doc, t.openAmount(input.openBill.name));
    doc.fontSize(11).text(t.toPay(formatChf(input.openBill.bill.amountCentimes), input.openBill.bill.reference), { width: WIDTH });
    new SwissQRBill(billData(input.payment, input.openBill.bill), { language: billLanguage(input.language) }).attachTo(doc);
  }
  doc.end();
  return done;
}
