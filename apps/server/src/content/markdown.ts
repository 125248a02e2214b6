import type { MarkdownIt, Token } from 'markdown-it';

let markdown: Promise<MarkdownIt> | undefined;

/** markdown-it is loaded on the first page shown, not at start. */
function parser(): Promise<MarkdownIt> {
  // Raw HTML in the files is shown as text, and markdown-it refuses javascript: links.
  markdown ??= import('markdown-it').then(({ default: MarkdownIt }) => new MarkdownIt({ html: false, linkify: true, typographer: false }));
  return markdown;
}

export async function renderMarkdown(source: string): Promise<string> {
  return (await parser()).render(source);
}

/** A house text for an email: safe HTML and the same as readable plain text. */
export interface MailMarkdown {
  html: string;
  text: string;
}

/**
 * The house's Markdown as an email carries it: every link and picture made absolute by
 * `absolute` (a mail client has no page to resolve `/app/tutorial/acqua` against), and a
 * plain-text part that reads as text: no `##`, `**` or `[…](…)`, a link's address after its words.
 */
export async function renderMarkdownForMail(source: string, absolute: (url: string) => string): Promise<MailMarkdown> {
  const md = await parser();
  const tokens = parseWithAbsoluteUrls(md, source, absolute);
  return { html: md.renderer.render(tokens, md.options, {}), text: plainText(tokens) };
}

/** The points of the text's top-level bulleted lists, each as plain text (the first paragraph of each). */
export async function markdownBulletPoints(source: string, absolute: (url: string) => string): Promise<string[]> {
  const tokens = parseWithAbsoluteUrls(await parser(), source, absolute);
  const points: string[] = [];
  let inTopList = false;
  let wantsPoint = false;
  for (const token of tokens) {
    if (token.level === 0 && token.type === 'bullet_list_open') inTopList = true;
    else if (token.level === 0 && token.type === 'bullet_list_close') inTopList = false;
    else if (inTopList && token.level === 1 && token.type === 'list_item_open') wantsPoint = true;
    else if (wantsPoint && token.type === 'inline') {
      points.push(inlineText(token.children ?? []).trim());
      wantsPoint = false;
    }
  }
  return points.filter((point) => point !== '');
}

const attribute = (token: Token, name: string) => String(token.attrGet(name) ?? '');

function parseWithAbsoluteUrls(md: MarkdownIt, source: string, absolute: (url: string) => string): Token[] {
  const tokens = md.parse(source, {});
  for (const token of tokens.flatMap((block) => [block, ...(block.children ?? [])])) {
    if (token.type === 'link_open') token.attrSet('href', absolute(attribute(token, 'href')));
    else if (token.type === 'image') token.attrSet('src', absolute(attribute(token, 'src')));
  }
  return tokens;
}

/** Words and the address they lead to; an address shown as its own words (linkify, `<…>`) is not repeated. */
function linkText(words: string, url: string): string {
  const shown = url.startsWith('mailto:') ? url.slice('mailto:'.length) : url;
  if (words === '') return shown;
  return words === shown || words === url ? words : `${words} (${shown})`;
}

/** A paragraph's or heading's inline tokens as text: emphasis dropped, links as `words (address)`. */
function inlineText(tokens: Token[]): string {
  let text = '';
  const openLinks: { url: string; from: number }[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case 'text':
      case 'code_inline':
        text += token.content;
        break;
      // The author's line breaks are kept: plain text is read as it was written.
      case 'softbreak':
      case 'hardbreak':
        text += '\n';
        break;
      case 'image':
        text += linkText(token.content, attribute(token, 'src'));
        break;
      case 'link_open':
        openLinks.push({ url: attribute(token, 'href'), from: text.length });
        break;
      case 'link_close': {
        const link = openLinks.pop();
        if (link) text = text.slice(0, link.from) + linkText(text.slice(link.from), link.url);
        break;
      }
      // strong, em, s: the words stay, the marks go.
    }
  }
  return text;
}

/**
 * The block tokens as plain text: headings and paragraphs as lines between blank lines, lists
 * with `-` or their numbers (nested ones indented), quotes indented, table rows with their cells
 * side by side, code as written.
 */
function plainText(tokens: Token[]): string {
  const lines: string[] = [];
  const lists: { ordered: boolean; next: number }[] = [];
  let marker: string | null = null;
  let quotes = 0;
  let gap = false;
  let cells: string[] | null = null;

  const write = (text: string) => {
    if (gap && lines.length > 0) lines.push('');
    gap = false;
    const indent = '  '.repeat(quotes) + '   '.repeat(Math.max(0, lists.length - 1));
    text.split('\n').forEach((line, index) => {
      const lead = index === 0 && marker !== null ? marker : lists.length > 0 ? '   ' : '';
      lines.push(`${indent}${lead}${line}`.trimEnd());
    });
    marker = null;
  };

  for (const token of tokens) {
    switch (token.type) {
      case 'inline':
        if (cells) cells.push(inlineText(token.children ?? []).replaceAll('\n', ' ').trim());
        else write(inlineText(token.children ?? []));
        break;
      // A tight list's paragraphs are hidden: its items follow each other without a blank line.
      case 'paragraph_close':
        gap = !token.hidden;
        break;
      case 'heading_close':
      case 'table_close':
        gap = true;
        break;
      case 'blockquote_open':
        quotes += 1;
        break;
      case 'blockquote_close':
        quotes -= 1;
        gap = true;
        break;
      case 'bullet_list_open':
      case 'ordered_list_open':
        lists.push({ ordered: token.type === 'ordered_list_open', next: Number(token.attrGet('start') ?? 1) });
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        lists.pop();
        gap = lists.length === 0;
        break;
      case 'list_item_open': {
        const list = lists.at(-1)!;
        marker = list.ordered ? `${list.next++}. ` : '- ';
        break;
      }
      case 'fence':
      case 'code_block':
        write(token.content.replace(/\n$/, ''));
        gap = true;
        break;
      case 'hr':
        write('———');
        gap = true;
        break;
      case 'tr_open':
        cells = [];
        break;
      case 'tr_close':
        if (cells) {
          const row = cells.join(' · ');
          cells = null;
          write(row);
        }
        break;
    }
  }
  return lines.join('\n');
}
