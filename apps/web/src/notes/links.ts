/** A piece of a note's text: plain text, or a web link found in it. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// http(s) addresses up to the next space or quote/angle bracket.
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
// Sentence punctuation right after an address belongs to the sentence.
const TRAILING = /[.,;:!?»”’)\]}]+$/;

function trimTrailing(candidate: string): string {
  let url = candidate.replace(TRAILING, '');
  // Keep a closing parenthesis the address itself opened (e.g. Wikipedia links).
  const rest = candidate.slice(url.length);
  if (rest.startsWith(')') && (url.match(/\(/g)?.length ?? 0) > (url.match(/\)/g)?.length ?? 0)) url += ')';
  return url;
}

function safeHref(text: string): string | null {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Splits text into plain parts and http/https links, so links can be rendered
 * as elements and everything else as text — never through HTML.
 */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const linkText = trimTrailing(match[0]);
    const href = safeHref(linkText);
    if (!href) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: linkText, href });
    last = start + linkText.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
