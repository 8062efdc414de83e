import { PREVIEW_CONSOLE, PREVIEW_CONSOLE_TEXT_LIMIT } from '@/domain/build/preview-messages';

/**
 * The build area's console bridge: the first script of a web project's page, on the project's own
 * origin. It keeps the page's console working and also posts each line (and uncaught errors) to the
 * preview document, which relays them to the editor's console panel. An uncaught error carries its
 * line and column in the assembled document, which the app maps back to the learner's file
 * (locateDocumentLine). The page could post anything under this name; the app shows it as text only.
 */
export function previewConsoleScript(): string {
  return `<script>(() => {
  const post = (level, parts, line, column) => {
    let text = parts.map((part) => {
      if (typeof part === 'string') return part;
      try { return JSON.stringify(part) ?? String(part); } catch { return String(part); }
    }).join(' ');
    if (text.length > ${PREVIEW_CONSOLE_TEXT_LIMIT}) text = text.slice(0, ${PREVIEW_CONSOLE_TEXT_LIMIT - 1}) + '…';
    const message = { type: ${JSON.stringify(PREVIEW_CONSOLE)}, level, text };
    if (Number.isInteger(line) && line > 0) { message.line = line; if (Number.isInteger(column) && column > 0) message.column = column; }
    try { parent.postMessage(message, '*'); } catch {}
  };
  for (const level of ['log', 'info', 'warn', 'error']) {
    const original = console[level].bind(console);
    console[level] = (...parts) => { post(level, parts); original(...parts); };
  }
  // The line and column are the assembled document's: the app maps them back to the learner's file.
  addEventListener('error', (event) => post('error', [event.message], event.lineno, event.colno));
  addEventListener('unhandledrejection', (event) => post('error', ['Unhandled promise rejection: ' + String(event.reason)]));
  document.currentScript?.remove();
})();</script>`;
}
