import MarkdownIt from 'markdown-it';

// Raw HTML in the files is shown as text, and markdown-it refuses javascript: links.
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

export function renderMarkdown(source: string): string {
  return markdown.render(source);
}
