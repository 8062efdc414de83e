import { FitAddon } from '@xterm/addon-fit';
import { Terminal, type ITheme } from '@xterm/xterm';
import type { AgentPtyClientMessage, AgentPtyServerMessage } from '@/domain/machines/machine-contracts';

/** The terminal: xterm.js on the instance app's `/api/terminal` WebSocket (a shell in the machine). */
function themeFromPage(): ITheme {
  const styles = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => styles.getPropertyValue(name).trim() || fallback;
  return {
    background: read('--color-surface-sunken', '#131020'),
    foreground: read('--color-text', '#f1effa'),
    cursor: read('--color-primary', '#a78bfa'),
    selectionBackground: read('--color-primary-soft', '#2a1f4d'),
  };
}

export interface MachineTerminal {
  fit: () => void;
  focus: () => void;
}

export function createTerminal(onClosed: (code: number) => void): MachineTerminal {
  const host = document.getElementById('terminal') as HTMLDivElement;
  const status = document.getElementById('terminal-status') as HTMLParagraphElement;
  const reconnect = document.getElementById('terminal-reconnect') as HTMLButtonElement;
  const term = new Terminal({ cursorBlink: true, fontFamily: 'ui-monospace, "JetBrains Mono", monospace', fontSize: 14, theme: themeFromPage(), scrollback: 5000 });
  const fitAddon = new FitAddon();
  term.loadAddon(fitAddon);
  term.open(host);
  term.textarea?.setAttribute('aria-label', 'Terminal input');
  let socket: WebSocket | null = null;

  const send = (message: AgentPtyClientMessage) => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };

  function fit(): void {
    if (host.offsetWidth === 0 || host.offsetHeight === 0) return;
    try {
      fitAddon.fit();
    } catch {
      return;
    }
    send({ type: 'resize', cols: term.cols, rows: term.rows });
  }

  function connect(): void {
    fit();
    reconnect.hidden = true;
    status.textContent = 'Connecting…';
    const url = `${location.origin.replace(/^http/, 'ws')}/api/terminal?cols=${term.cols}&rows=${term.rows}`;
    const ws = new WebSocket(url);
    socket = ws;
    ws.addEventListener('open', () => {
      status.textContent = 'Connected';
    });
    ws.addEventListener('message', (event) => {
      let message: AgentPtyServerMessage;
      try {
        message = JSON.parse(String(event.data)) as AgentPtyServerMessage;
      } catch {
        return;
      }
      if (message.type === 'output') term.write(message.data);
      else if (message.type === 'exit') term.write(`\r\n[The shell exited with code ${message.code}.]\r\n`);
    });
    ws.addEventListener('close', (event) => {
      if (socket !== ws) return;
      socket = null;
      status.textContent = event.code === 4401 ? 'Disconnected: your session ended.' : event.code === 4409 ? 'Disconnected: the machine stopped.' : 'Disconnected.';
      reconnect.hidden = event.code === 4401;
      onClosed(event.code);
    });
  }

  term.onData((data) => send({ type: 'input', data }));
  reconnect.addEventListener('click', () => {
    term.reset();
    connect();
    term.focus();
  });
  new ResizeObserver(() => fit()).observe(host);
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
    term.options.theme = themeFromPage();
  });
  connect();
  return { fit, focus: () => term.focus() };
}
