import { PREVIEW_CONSOLE, PREVIEW_CONSOLE_TEXT_LIMIT } from '@/domain/build/preview-messages';

/**
 * The build area's console bridge: the first script of a web project's page, on the project's own
 * origin. It keeps the page's console working and also posts each line (and uncaught errors) to the
 * preview document, which relays them to the editor's console panel. The page could post anything
 * under this name; the app shows it as text only.
 */
export function previewConsoleScript(): string {
  return `<script>(() => {
  const post = (level, parts) => {
    let text = parts.map((part) => {
      if (typeof part === 'string') return part;
      try { return JSON.stringify(part) ?? String(part); } catch { return String(part); }
    }).join(' ');
    if (text.length > ${PREVIEW_CONSOLE_TEXT_LIMIT}) text = text.slice(0, ${PREVIEW_CONSOLE_TEXT_LIMIT - 1}) + '…';
    try { parent.postMessage({ type: ${JSON.stringify(PREVIEW_CONSOLE)}, level, text }, '*'); } catch {}
  };
  for (const level of ['log', 'info', 'warn', 'error']) {
    const original = console[level].bind(console);
    console[level] = (...parts) => { post(level, parts); original(...parts); };
  }
  addEventListener('error', (event) => post('error', [event.message + (event.lineno ? ' (line ' + event.lineno + ')' : '')]));
  addEventListener('unhandledrejection', (event) => post('error', ['Unhandled promise rejection: ' + String(event.reason)]));
  document.currentScript?.remove();
})();</script>`;
}
