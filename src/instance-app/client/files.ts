import type { AgentFileEntry } from '@/domain/machines/machine-contracts';
import { api, errorMessage } from './api';

/**
 * The file tree: a list of buttons, one per visible file or folder, moved through with the arrow
 * keys (one tab stop; Right opens a folder, Left closes it or goes to its parent). New file,
 * Rename and Delete act on the selected entry; Delete asks first.
 */
export interface FileTreeOptions {
  onOpen: (path: string) => void;
  onRenamed: (from: string, to: string) => void;
  onDeleted: (path: string) => void;
}

export interface FileTree {
  refresh: () => Promise<void>;
  select: (path: string) => void;
}

const COLLAPSED_BY_DEFAULT = new Set(['node_modules', '.git', '__pycache__']);

function parentOf(path: string): string | null {
  const index = path.lastIndexOf('/');
  return index < 0 ? null : path.slice(0, index);
}

function nameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export function createFileTree(options: FileTreeOptions): FileTree {
  const list = document.getElementById('file-tree') as HTMLUListElement;
  const status = document.getElementById('files-status') as HTMLParagraphElement;
  const renameButton = document.getElementById('rename-file') as HTMLButtonElement;
  const deleteButton = document.getElementById('delete-file') as HTMLButtonElement;
  let entries: AgentFileEntry[] = [];
  const collapsed = new Set<string>();
  let selected: string | null = null;
  let focusAfterRender = false;

  const typeOf = (path: string) => entries.find((entry) => entry.path === path)?.type ?? null;

  function visible(): AgentFileEntry[] {
    return entries.filter((entry) => {
      for (let parent = parentOf(entry.path); parent !== null; parent = parentOf(parent)) if (collapsed.has(parent)) return false;
      return true;
    });
  }

  function render(): void {
    const shown = visible();
    const focusPath = selected && shown.some((entry) => entry.path === selected) ? selected : (shown[0]?.path ?? null);
    list.replaceChildren(
      ...shown.map((entry) => {
        const item = document.createElement('li');
        const button = document.createElement('button');
        button.type = 'button';
        button.className = `entry ${entry.type}`;
        button.dataset.path = entry.path;
        button.style.paddingLeft = `${0.5 + entry.path.split('/').length - 1}rem`;
        button.tabIndex = entry.path === focusPath ? 0 : -1;
        const icon = document.createElement('span');
        icon.className = 'icon';
        icon.setAttribute('aria-hidden', 'true');
        icon.textContent = entry.type === 'dir' ? (collapsed.has(entry.path) ? '▸' : '▾') : '·';
        button.append(icon, document.createTextNode(nameOf(entry.path)));
        if (entry.type === 'dir') button.setAttribute('aria-expanded', String(!collapsed.has(entry.path)));
        if (entry.path === selected) button.setAttribute('aria-current', 'true');
        button.title = entry.path;
        item.append(button);
        return item;
      }),
    );
    renameButton.disabled = selected === null;
    deleteButton.disabled = selected === null;
    if (focusAfterRender && focusPath) list.querySelector<HTMLButtonElement>(`button[data-path="${CSS.escape(focusPath)}"]`)?.focus();
    focusAfterRender = false;
  }

  function choose(path: string, open: boolean): void {
    selected = path;
    if (typeOf(path) === 'dir') {
      if (open) {
        if (collapsed.has(path)) collapsed.delete(path);
        else collapsed.add(path);
      }
    } else if (open) options.onOpen(path);
    focusAfterRender = true;
    render();
  }

  list.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-path]');
    if (button?.dataset.path) choose(button.dataset.path, true);
  });

  list.addEventListener('keydown', (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-path]');
    const path = button?.dataset.path;
    if (!path) return;
    const buttons = [...list.querySelectorAll<HTMLButtonElement>('button[data-path]')];
    const index = buttons.indexOf(button);
    const move = (to: number) => {
      const target = buttons[Math.max(0, Math.min(buttons.length - 1, to))];
      if (!target) return;
      for (const other of buttons) other.tabIndex = -1;
      target.tabIndex = 0;
      target.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(buttons.length - 1);
    else if (event.key === 'ArrowRight' && typeOf(path) === 'dir') {
      if (collapsed.has(path)) choose(path, true);
      else move(index + 1);
    } else if (event.key === 'ArrowLeft') {
      if (typeOf(path) === 'dir' && !collapsed.has(path)) choose(path, true);
      else {
        const parent = parentOf(path);
        if (parent) move(buttons.findIndex((other) => other.dataset.path === parent));
      }
    } else return;
    event.preventDefault();
  });

  async function refresh(): Promise<void> {
    try {
      const response = await api('/api/files');
      const body = (await response.json()) as { entries: AgentFileEntry[]; truncated: boolean };
      const firstLoad = entries.length === 0;
      entries = body.entries;
      if (firstLoad) for (const entry of entries) if (entry.type === 'dir' && COLLAPSED_BY_DEFAULT.has(nameOf(entry.path))) collapsed.add(entry.path);
      if (selected && !typeOf(selected)) selected = null;
      status.textContent = body.truncated ? 'Only the first 5,000 files are listed.' : '';
      render();
    } catch (error) {
      status.textContent = `The files could not be listed: ${errorMessage(error)}`;
    }
  }

  document.getElementById('refresh-files')?.addEventListener('click', () => void refresh());

  document.getElementById('new-file')?.addEventListener('click', async () => {
    const base = selected ? (typeOf(selected) === 'dir' ? `${selected}/` : (parentOf(selected) ?? '') + (parentOf(selected) ? '/' : '')) : '';
    const path = window.prompt('New file: its path in the workspace (folders are made for you)', base)?.trim();
    if (!path) return;
    if (typeOf(path)) {
      status.textContent = `"${path}" already exists.`;
      return;
    }
    try {
      await api(`/api/file?path=${encodeURIComponent(path)}`, { method: 'PUT', body: '', contentType: 'application/octet-stream' });
      status.textContent = `Made ${path}.`;
      selected = path;
      await refresh();
      options.onOpen(path);
    } catch (error) {
      status.textContent = `"${path}" could not be made: ${errorMessage(error)}`;
    }
  });

  renameButton.addEventListener('click', async () => {
    const from = selected;
    if (!from) return;
    const to = window.prompt(`Rename ${from} to`, from)?.trim();
    if (!to || to === from) return;
    try {
      await api('/api/rename', { method: 'POST', body: JSON.stringify({ from, to }), contentType: 'application/json' });
      status.textContent = `Renamed ${from} to ${to}.`;
      selected = to;
      options.onRenamed(from, to);
      await refresh();
    } catch (error) {
      status.textContent = `${from} could not be renamed: ${errorMessage(error)}`;
    }
  });

  deleteButton.addEventListener('click', async () => {
    const path = selected;
    if (!path) return;
    const what = typeOf(path) === 'dir' ? `the folder ${path} and everything in it` : path;
    if (!window.confirm(`Delete ${what}? This cannot be undone.`)) return;
    try {
      await api(`/api/file?path=${encodeURIComponent(path)}`, { method: 'DELETE' });
      status.textContent = `Deleted ${path}.`;
      selected = null;
      options.onDeleted(path);
      await refresh();
    } catch (error) {
      status.textContent = `${path} could not be deleted: ${errorMessage(error)}`;
    }
  });

  return {
    refresh,
    select: (path) => {
      selected = path;
      render();
    },
  };
}
