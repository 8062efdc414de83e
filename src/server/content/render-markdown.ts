import MarkdownIt from 'markdown-it';

// Course text is markdown; raw HTML in it is shown as text, never injected (html: false).
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

/** Markdown (explanations, questions) to HTML on the server, so the browser ships no parser. */
export function renderMarkdown(source: string): string {
  return markdown.render(source);
}

/** One line of markdown (hints, choices) without a wrapping paragraph. */
export function renderInlineMarkdown(source: string): string {
  return markdown.renderInline(source);
}
