let markdown: Promise<{ render(source: string): string }> | undefined;

/** markdown-it is loaded on the first page shown, not at start. */
export async function renderMarkdown(source: string): Promise<string> {
  // Raw HTML in the files is shown as text, and markdown-it refuses javascript: links.
  markdown ??= import('markdown-it').then(({ default: MarkdownIt }) => new MarkdownIt({ html: false, linkify: true, typographer: false }));
  return (await markdown).render(source);
}
