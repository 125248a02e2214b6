import fs from 'node:fs';

/** One table of the report; a measurement returns one or more of these. */
export interface BenchSection {
  title: string;
  /** A sentence or two above the table: what was measured and how. */
  intro?: string;
  columns: string[];
  rows: string[][];
}

export function markdownTable(section: BenchSection): string {
  const lines = [`| ${section.columns.join(' | ')} |`, `| ${section.columns.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`];
  for (const row of section.rows) lines.push(`| ${row.join(' | ')} |`);
  return [`### ${section.title}`, '', ...(section.intro ? [section.intro, ''] : []), ...lines].join('\n');
}

const BEGIN = '<!-- bench:begin (written by npm run bench) -->';
const END = '<!-- bench:end -->';

/**
 * Replaces the measured part of the page between its markers (the server bench's by default;
 * another bench passes its own); the text around it is written by hand.
 */
export function writeReport(file: string, heading: string, sections: BenchSection[], markers = { begin: BEGIN, end: END }): void {
  const body = [markers.begin, heading, '', ...sections.map((section) => `${markdownTable(section)}\n`), markers.end].join('\n');
  const page = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : `# Performance\n\n${markers.begin}\n${markers.end}\n`;
  const start = page.indexOf(markers.begin);
  const end = page.indexOf(markers.end);
  const next = start >= 0 && end > start ? page.slice(0, start) + body + page.slice(end + markers.end.length) : `${page.trimEnd()}\n\n${body}\n`;
  fs.writeFileSync(file, next);
}

export const fixed = (value: number, digits = 0) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
export const percent = (value: number) => `${fixed(value * 100, 1)}%`;
