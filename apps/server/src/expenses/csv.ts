import { centimesToDecimal, formatDisplayDate, type Expense, type ExpenseCategory } from '@rustico/core';

export const CATEGORY_NAMES: Record<ExpenseCategory, string> = {
  insurance: 'Assicurazione',
  taxes: 'Tasse',
  maintenance: 'Manutenzione',
  repairs: 'Riparazioni',
  energy: 'Energia',
  water: 'Acqua',
  firewood: 'Legna',
  cleaning: 'Pulizie',
  other: 'Altro',
};

/**
 * A text cell a spreadsheet will not run: one starting with = + - @ (or a tab
 * or carriage return) would be read as a formula, so it gets a leading quote.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Every expense for the accountant: UTF-8 with a byte-order mark (accents), semicolons, CRLF. */
export function expensesCsv(expenses: readonly Expense[], houseAccount: string): string {
  const header = ['Data', 'Categoria', 'Descrizione', 'Importo CHF', 'Pagato da', 'Ricorrente', 'Verificata', 'Ricevuta', 'Registrata da'];
  const rows = [...expenses]
    .sort((a, b) => a.date.localeCompare(b.date) || a.createdAt.localeCompare(b.createdAt))
    .map((e) => [
      formatDisplayDate(e.date),
      CATEGORY_NAMES[e.category],
      e.description,
      centimesToDecimal(e.amountCentimes),
      e.paidByName ?? houseAccount,
      e.recurring ? 'Sì' : 'No',
      e.verified ? 'Sì' : 'No',
      e.receipt?.reference ?? '',
      e.authorName,
    ]);
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(';')).join('\r\n')}\r\n`;
}
