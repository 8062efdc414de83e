import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { css } from '@codemirror/lang-css';
import { html } from '@codemirror/lang-html';
import { javascript } from '@codemirror/lang-javascript';
import { python } from '@codemirror/lang-python';
import { sql } from '@codemirror/lang-sql';
import { bracketMatching, indentOnInput, indentUnit } from '@codemirror/language';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view';
import { editorTheme } from '@/features/editor/extensions/editor-theme';
import { api, errorMessage } from './api';

/**
 * The editor: one file at a time, its language from its extension. Saves on Ctrl/Cmd+S and one
 * second after the last change, and says so (Saved, Saving…, or why it was not saved).
 */
const SAVE_AFTER_MS = 1000;

export function languageFor(path: string): Extension {
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  switch (extension) {
    case 'js':
    case 'mjs':
    case 'cjs':
    case 'json':
      return javascript();
    case 'jsx':
      return javascript({ jsx: true });
    case 'ts':
    case 'mts':
      return javascript({ typescript: true });
    case 'tsx':
      return javascript({ typescript: true, jsx: true });
    case 'html':
    case 'htm':
      return html();
    case 'css':
      return css();
    case 'py':
      return python();
    case 'sql':
      return sql();
    default:
      return [];
  }
}

export interface Editor {
  open: (path: string) => Promise<void>;
  renamed: (from: string, to: string) => void;
  deleted: (path: string) => void;
  focus: () => void;
}

export function createEditor(): Editor {
  const host = document.getElementById('editor') as HTMLDivElement;
  const fileLabel = document.getElementById('editor-file') as HTMLParagraphElement;
  const status = document.getElementById('save-status') as HTMLParagraphElement;
  const language = new Compartment();
  const indent = new Compartment();
  const editable = new Compartment();
  let path: string | null = null;
  let dirty = false;
  let timer: number | undefined;
  let saving: Promise<void> | null = null;
  let loading = false;

  async function save(): Promise<void> {
    window.clearTimeout(timer);
    if (!path || !dirty) return;
    if (saving) {
      await saving;
      if (dirty) return save();
      return;
    }
    const target = path;
    const text = view.state.doc.toString();
    dirty = false;
    status.textContent = 'Saving…';
    status.dataset.state = 'saving';
    saving = api(`/api/file?path=${encodeURIComponent(target)}`, { method: 'PUT', body: text, contentType: 'application/octet-stream' })
      .then(() => {
        if (path === target && !dirty) {
          status.textContent = 'Saved';
          status.dataset.state = 'saved';
        }
      })
      .catch((error: unknown) => {
        if (path === target) dirty = true;
        status.textContent = `Not saved: ${errorMessage(error)}`;
        status.dataset.state = 'error';
      })
      .finally(() => {
        saving = null;
      });
    return saving;
  }

  const view = new EditorView({
    parent: host,
    state: EditorState.create({
      doc: '',
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightActiveLine(),
        history(),
        drawSelection(),
        indentOnInput(),
        bracketMatching(),
        keymap.of([
          {
            key: 'Mod-s',
            preventDefault: true,
            run: () => {
              void save();
              return true;
            },
          },
          indentWithTab,
          ...defaultKeymap,
          ...historyKeymap,
        ]),
        editorTheme(),
        language.of([]),
        indent.of(indentUnit.of('  ')),
        editable.of(EditorView.editable.of(false)),
        // An explicit tab stop, so the scrolling area always has focusable content (also when read-only).
        EditorView.contentAttributes.of({ 'aria-label': 'File contents', tabindex: '0' }),
        EditorView.updateListener.of((update) => {
          if (!update.docChanged || loading || !path) return;
          dirty = true;
          status.textContent = 'Not saved yet';
          status.dataset.state = 'dirty';
          window.clearTimeout(timer);
          timer = window.setTimeout(() => void save(), SAVE_AFTER_MS);
        }),
      ],
    }),
  });

  // Ctrl/Cmd+S anywhere on the page saves rather than asking the browser to save the page.
  document.addEventListener('keydown', (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      void save();
    }
  });
  window.addEventListener('beforeunload', (event) => {
    if (dirty || saving) event.preventDefault();
  });

  function show(next: string | null, text: string): void {
    loading = true;
    path = next;
    view.dispatch({
      changes: { from: 0, to: view.state.doc.length, insert: text },
      effects: [
        language.reconfigure(next ? languageFor(next) : []),
        indent.reconfigure(indentUnit.of(next?.endsWith('.py') ? '    ' : '  ')),
        editable.reconfigure(EditorView.editable.of(next !== null)),
      ],
    });
    loading = false;
    fileLabel.textContent = next ?? 'No file open';
  }

  return {
    async open(next) {
      if (next === path) return;
      await save();
      status.textContent = 'Opening…';
      status.dataset.state = 'saving';
      try {
        const response = await api(`/api/file?path=${encodeURIComponent(next)}`);
        show(next, await response.text());
        status.textContent = 'Saved';
        status.dataset.state = 'saved';
      } catch (error) {
        status.textContent = `${next} could not be opened: ${errorMessage(error)}`;
        status.dataset.state = 'error';
      }
    },
    renamed(from, to) {
      if (path === from) {
        path = to;
        fileLabel.textContent = to;
        view.dispatch({ effects: language.reconfigure(languageFor(to)) });
      } else if (path?.startsWith(`${from}/`)) {
        path = to + path.slice(from.length);
        fileLabel.textContent = path;
      }
    },
    deleted(deletedPath) {
      if (path === deletedPath || path?.startsWith(`${deletedPath}/`)) {
        window.clearTimeout(timer);
        dirty = false;
        show(null, '');
        status.textContent = '';
      }
    },
    focus: () => view.focus(),
  };
}
