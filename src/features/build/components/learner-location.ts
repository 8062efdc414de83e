import { locateDocumentLine, type AssembledPage } from '@/runner/html-page';

/**
 * An error's text with where it is in the learner's files ("script.js:3"), from its line and column
 * in the assembled document; the document's own line only when it is none of the learner's files.
 */
export function withLearnerLocation(message: { text: string; line?: number; column?: number }, page: AssembledPage): string {
  if (message.line === undefined) return message.text;
  const place = locateDocumentLine(page.segments, message.line, message.column);
  return place ? `${message.text} (${place.file}:${place.line})` : message.text;
}
