/**
 * On a narrow screen the four panels are tabs (Files, Editor, Terminal, Preview); on a wide one
 * they are all shown and the tab bar is hidden. The address follows the tab (/files, /build, …).
 */
export type Panel = 'files' | 'editor' | 'terminal' | 'preview';

const PATHS: Record<Panel, string> = { files: '/files', editor: '/build', terminal: '/terminal', preview: '/preview' };
const FROM_VIEW: Record<string, Panel> = { files: 'files', build: 'editor', terminal: 'terminal', preview: 'preview' };

export function setupTabs(onShow: (panel: Panel) => void): (panel: Panel) => void {
  const buttons = [...document.querySelectorAll<HTMLButtonElement>('.tab[data-tab]')];
  const show = (panel: Panel, updateAddress = true) => {
    document.body.dataset.active = panel;
    for (const button of buttons) button.setAttribute('aria-pressed', String(button.dataset.tab === panel));
    if (updateAddress && location.pathname !== PATHS[panel]) history.replaceState(null, '', PATHS[panel]);
    onShow(panel);
  };
  for (const button of buttons) button.addEventListener('click', () => show(button.dataset.tab as Panel));
  show(FROM_VIEW[document.body.dataset.view ?? 'build'] ?? 'editor', false);
  return show;
}
