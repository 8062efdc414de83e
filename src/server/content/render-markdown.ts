import { Marked } from 'marked';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// Course text is markdown; raw HTML in it is shown as text, never injected.
const marked = new Marked({
  gfm: true,
  renderer: {
    html: ({ text }) => escapeHtml(text),
  },
});

/** Markdown (explanations, questions) to HTML on the server, so the browser ships no parser. */
export function renderMarkdown(markdown: string): string {
  return marked.parse(markdown, { async: false });
}

/** One line of markdown (hints, choices) without a wrapping paragraph. */
export function renderInlineMarkdown(markdown: string): string {
  return marked.parseInline(markdown, { async: false });
}
