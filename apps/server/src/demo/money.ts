import { randomUUID } from 'node:crypto';
import { addDays, splitByShares, todayIn, type ExpenseCategory } from '@rustico/core';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { insertContributions, insertSettlement, setBudget, setShares } from '../accounts/service.ts';
import type { AppContext } from '../context.ts';
import { encodeReceipt } from '../expenses/receipt-encoding.ts';
import { insertExpense } from '../expenses/service.ts';
import { recordChange } from '../history/service.ts';
import { contentKey, putFile } from '../storage/service.ts';

interface DemoExpense {
  /** Month and day in the year. */
  day: string;
  category: ExpenseCategory;
  description: string;
  francs: number;
  /** Who paid; the house's own account when absent. */
  who?: string;
  recurring?: boolean;
  receipt: 'photo' | 'pdf';
  /** Not paid back yet: the demo's one open reimbursement. */
  open?: boolean;
}

/** What the house costs every year (about 3000 CHF, as the house letter says), and what came up. */
const YEARLY: DemoExpense[] = [
  { day: '01-20', category: 'insurance', description: 'Assicurazione stabile e mobilia', francs: 1180, recurring: true, receipt: 'pdf' },
  { day: '03-15', category: 'taxes', description: 'Imposta immobiliare comunale', francs: 640, recurring: true, receipt: 'pdf' },
  { day: '05-10', category: 'cleaning', description: 'Pulizia di primavera', francs: 160, who: 'sofia', receipt: 'photo' },
  { day: '09-30', category: 'water', description: 'Acqua potabile e canalizzazione', francs: 215.5, recurring: true, receipt: 'pdf' },
  { day: '10-12', category: 'maintenance', description: 'Spazzacamino: camino e stufa', francs: 185, who: 'giulia', recurring: true, receipt: 'photo' },
  { day: '11-05', category: 'firewood', description: 'Legna di faggio, 3 steri', francs: 480, who: 'marco', recurring: true, receipt: 'photo' },
];

const ONE_OFF: Record<number, DemoExpense[]> = {
  [-2]: [{ day: '07-02', category: 'repairs', description: 'Tegole del tetto dopo la grandine', francs: 1240, receipt: 'pdf' }],
  [-1]: [{ day: '08-18', category: 'repairs', description: 'Idraulico: rubinetto della cucina', francs: 350.5, who: 'luca', receipt: 'photo' }],
  [0]: [{ day: '06-22', category: 'energy', description: 'Lampadine LED e prolunga per il giardino', francs: 64.9, who: 'luca', receipt: 'photo' }],
};

/** Marco's repair a few days ago, whatever the date: the house still owes it to him. */
function recentRepair(today: string): DemoExpense {
  return { day: addDays(today, -12).slice(5), category: 'repairs', description: 'Vetro della finestra del bagno', francs: 212.4, who: 'marco', receipt: 'photo', open: true };
}

/** A phone photo of a till receipt: paper on a wooden table, printed lines. */
async function receiptPhoto(seed: number): Promise<Buffer> {
  const lines = Array.from({ length: 9 }, (_, i) => {
    const width = 160 + ((seed * 37 + i * 53) % 140);
    return `<rect x="120" y="${170 + i * 52}" width="${width}" height="14" rx="3" fill="#3a3a3a" opacity="0.75"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800">
    <rect width="600" height="800" fill="#8a5a2b"/>
    <rect x="90" y="60" width="420" height="690" rx="6" fill="#fbfaf6" transform="rotate(-2 300 400)"/>
    <rect x="200" y="100" width="200" height="26" rx="4" fill="#222"/>
    ${lines}
    <rect x="120" y="660" width="360" height="3" fill="#555"/>
    <rect x="330" y="680" width="150" height="22" rx="3" fill="#111"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** A supplier's invoice as PDF. */
function invoicePdf(expense: DemoExpense, date: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A5', margin: 40 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('Helvetica-Bold').fontSize(16).text('Fattura');
  doc.font('Helvetica').fontSize(11).moveDown().text(`Data: ${date}`).text(expense.description).moveDown().text(`Totale CHF ${expense.francs.toFixed(2)}`);
  doc.end();
  return done;
}

/**
 * Three years of the house's money: the fixed costs and what came up, each
 * with its receipt; the co-owners' contributions; the members paid back for
 * what they advanced, but for Marco's firewood this year.
 */
export async function seedDemoMoney(ctx: AppContext, ids: Map<string, string>): Promise<void> {
  const today = todayIn(ctx.config.houseTimeZone, ctx.now());
  const thisYear = Number(today.slice(0, 4));
  const admin = ids.get('giulia')!;
  await setBudget(ctx, 300_000);
  const coOwners = ['marco', 'giulia', 'sofia'].map((who) => ids.get(who)!);
  await setShares(ctx, { mode: 'equal', shares: coOwners.map((userId) => ({ userId })) });

  let seed = 0;
  for (const offset of [-2, -1, 0]) {
    const year = thisYear + offset;
    const extra = offset === 0 && addDays(today, -12).startsWith(String(year)) ? [recentRepair(today)] : [];
    for (const expense of [...YEARLY, ...(ONE_OFF[offset] ?? []), ...extra]) {
      const date = `${year}-${expense.day}`;
      if (date > today) continue;
      seed += 1;
      const id = randomUUID();
      const paidById = expense.who ? ids.get(expense.who)! : null;
      const authorId = paidById ?? admin;
      const at = `${date}T18:30:00.000Z`;
      // This year's newest small expense waits for an admin to check it.
      const verified = !(offset === 0 && expense.category === 'energy');
      const upload = expense.receipt === 'photo' ? await receiptPhoto(seed) : await invoicePdf(expense, date);
      const receipt = await encodeReceipt(upload);
      const key = contentKey('receipts', id, receipt.file.bytes, receipt.extension);
      await putFile(ctx.db, { key, ...receipt.file, ownerId: authorId }, new Date(at));
      if (receipt.thumbnail) await putFile(ctx.db, { key: `${key}.thumbnail.webp`, ...receipt.thumbnail, ownerId: authorId }, new Date(at));
      await insertExpense(ctx.db, {
        id,
        date,
        amountCentimes: Math.round(expense.francs * 100),
        category: expense.category,
        description: expense.description,
        paidById,
        recurring: expense.recurring ? 1 : 0,
        verified: verified ? 1 : 0,
        authorId,
        receiptKind: receipt.kind,
        receiptKey: key,
        createdAt: at,
        updatedAt: at,
      });
      const created = { date, amountCentimes: Math.round(expense.francs * 100), category: expense.category, description: expense.description, recurring: expense.recurring ?? false, verified: false, receipt: receipt.kind };
      const change = { subject: 'expense', subjectId: id, ownerId: authorId, label: expense.description } as const;
      await recordChange(ctx.db, { ...change, action: 'created', byId: authorId, at: new Date(at), before: null, after: created });
      if (verified) await recordChange(ctx.db, { ...change, action: 'verified', byId: admin, at: new Date(`${date}T20:00:00.000Z`), before: created, after: { ...created, verified: true } });
      if (paidById && verified && !expense.open) {
        await insertSettlement(ctx.db, { id: randomUUID(), userId: paidById, kind: 'reimbursement', amountCentimes: Math.round(expense.francs * 100), recordedById: admin, createdAt: `${date}T21:00:00.000Z` });
      }
    }

    // Contributions: earlier years paid in February; this year's only Marco's so far.
    const amounts = splitByShares(300_000, coOwners.map(() => 1));
    await insertContributions(
      ctx.db,
      coOwners.map((userId, index) => {
        const paid = offset < 0 || userId === ids.get('marco');
        const paidAt = paid ? `${year}-02-1${index}T10:00:00.000Z` : null;
        return { id: randomUUID(), year, userId, amountCentimes: amounts[index]!, paid: paid ? 1 : 0, paidAt, createdAt: `${year}-01-15T10:00:00.000Z` };
      }),
    );
  }
}
