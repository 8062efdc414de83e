/**
 * The workspace page (served by the instance app, bundled by src/instance-app/assets.ts): the file
 * tree, the editor, the terminal and the preview of one machine.
 */
import '@xterm/xterm/css/xterm.css';
import './styles.css';
import { onSessionProblem } from './api';
import { createEditor } from './editor';
import { createFileTree } from './files';
import { setupPreview } from './preview';
import { setupTabs } from './tabs';
import { createTerminal } from './terminal';

function start(): void {
  const state = document.getElementById('machine-state') as HTMLParagraphElement;
  const problem = (message: string) => {
    state.textContent = message;
    state.dataset.state = 'problem';
    state.setAttribute('role', 'alert');
  };
  onSessionProblem((status, message) => problem(status === 401 ? `Signed out: ${message}` : message));

  const editor = createEditor();
  const tree = createFileTree({ onOpen: (path) => void editor.open(path), onRenamed: editor.renamed, onDeleted: editor.deleted });
  const terminal = createTerminal((code) => {
    if (code === 4401) problem('Signed out: open your machine from Codetrail again.');
    else if (code === 4409) problem('This machine is stopped. Start it from Codetrail to use it.');
  });
  const preview = setupPreview();
  let previewLoaded = false;
  setupTabs((panel) => {
    if (panel === 'terminal') window.requestAnimationFrame(() => terminal.fit());
    if (panel === 'preview' && !previewLoaded) {
      previewLoaded = true;
      preview.load();
    }
  });
  // On a wide screen every panel shows at once.
  if (window.matchMedia('(min-width: 56rem)').matches && !previewLoaded) {
    previewLoaded = true;
    preview.load();
  }
  void tree.refresh().then(() => {
    const first = ['README.md', 'server.js', 'main.py'].find((name) => document.querySelector(`button[data-path="${name}"]`));
    if (first) {
      tree.select(first);
      void editor.open(first);
    }
  });
}

start();
