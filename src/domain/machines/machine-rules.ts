/**
 * Machines' rules, pure: templates, the state machine, per-learner limits, idle stop and the
 * instance app's redirect. The service and the drivers ask these; nothing else decides them.
 */

export type MachineTemplateId = 'node-web' | 'python' | 'linux';
export type MachineState = 'starting' | 'running' | 'stopping' | 'stopped' | 'error';
export type MachineEvent = 'start' | 'started' | 'stop' | 'stopped' | 'failed' | 'lost';

export interface MachineTemplate {
  id: MachineTemplateId;
  name: string;
  description: string;
  /** Files a new machine starts with (path → text). */
  files: Record<string, string>;
}

const NODE_SERVER = `// A tiny web app: a front end in public/ and a JSON API, with Node's own http module.
// Start it in the terminal with:  node server.js   then open the Preview tab (port 3000).
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');

const PORT = Number(process.env.PORT || 3000);
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
let visits = 0;

http
  .createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    if (url.pathname === '/api/hello') {
      visits += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Hello from your machine!', visits }));
      return;
    }
    const file = path.join(__dirname, 'public', url.pathname === '/' ? 'index.html' : path.normalize(url.pathname));
    if (!file.startsWith(path.join(__dirname, 'public'))) return res.writeHead(400).end();
    fs.readFile(file, (error, body) => {
      if (error) return res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream' });
      res.end(body);
    });
  })
  .listen(PORT, () => console.log('Listening on port ' + PORT));
`;

const NODE_INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>My web app</title>
    <link rel="stylesheet" href="style.css" />
  </head>
  <body>
    <h1>My web app</h1>
    <p id="message">Asking the API…</p>
    <button id="again" type="button">Ask again</button>
    <script src="app.js"></script>
  </body>
</html>
`;

const NODE_APP = `// The front end: asks the API (a relative URL, so it works behind the preview's proxy).
async function ask() {
  const response = await fetch('api/hello');
  const body = await response.json();
  document.getElementById('message').textContent = body.message + ' (visit ' + body.visits + ')';
}
document.getElementById('again').addEventListener('click', ask);
ask();
`;

const NODE_STYLE = `body { font-family: system-ui, sans-serif; margin: 2rem; line-height: 1.5; }
button { font: inherit; padding: 0.4rem 1rem; }
`;

export const MACHINE_TEMPLATES: readonly MachineTemplate[] = [
  {
    id: 'node-web',
    name: 'Node web app',
    description: 'A front end and a JSON API on Node.js. Start it with node server.js and see it in the preview.',
    files: {
      'server.js': NODE_SERVER,
      'public/index.html': NODE_INDEX,
      'public/app.js': NODE_APP,
      'public/style.css': NODE_STYLE,
      'package.json': `${JSON.stringify({ name: 'my-web-app', version: '1.0.0', private: true, scripts: { start: 'node server.js' } }, null, 2)}\n`,
      'README.md': '# My web app\n\nRun `node server.js` in the terminal, then open the Preview tab on port 3000.\n',
    },
  },
  {
    id: 'python',
    name: 'Python environment',
    description: 'Python 3 with a starter script. Run it with python3 main.py.',
    files: {
      'main.py': 'def greet(name):\n    return f"Hello, {name}!"\n\n\nif __name__ == "__main__":\n    print(greet("machine"))\n',
      'README.md': '# Python environment\n\nRun `python3 main.py` in the terminal.\n',
    },
  },
  {
    id: 'linux',
    name: 'Empty Linux box',
    description: 'A shell and an empty folder: try ls, mkdir, echo and friends.',
    files: { 'README.md': '# Your Linux box\n\nTry `ls`, `mkdir notes`, `echo hello > notes/hi.txt` and `cat notes/hi.txt`.\n' },
  },
];

export function machineTemplate(id: string): MachineTemplate | null {
  return MACHINE_TEMPLATES.find((template) => template.id === id) ?? null;
}

/**
 * The state machine. Returns the next state, or null when the event is refused in that state
 * (the service answers 409 with `refusalReason`).
 */
export function nextMachineState(state: MachineState, event: MachineEvent): MachineState | null {
  switch (event) {
    case 'start':
      return state === 'stopped' || state === 'error' ? 'starting' : null;
    case 'started':
      return state === 'starting' ? 'running' : null;
    case 'stop':
      return state === 'running' || state === 'starting' || state === 'error' ? 'stopping' : null;
    case 'stopped':
      return state === 'stopping' || state === 'starting' || state === 'running' ? 'stopped' : null;
    case 'failed':
      return state === 'starting' || state === 'stopping' ? 'error' : null;
    case 'lost':
      // Restart recovery: the machine's processes are gone (a crash, a reboot).
      return state === 'stopped' ? null : 'stopped';
  }
}

export function refusalReason(state: MachineState, event: MachineEvent): string {
  if (event === 'start') return state === 'running' ? 'This machine is already running.' : `This machine is ${state}; wait a moment and try again.`;
  if (event === 'stop') return state === 'stopped' ? 'This machine is already stopped.' : `This machine is ${state}; wait a moment and try again.`;
  return `This machine is ${state}.`;
}

export interface MachineQuota {
  /** Machines a learner may have. */
  maxMachines: number;
  /** Machines a learner may run at once. */
  maxRunning: number;
  /** Per machine. */
  diskMb: number;
  memoryMb: number;
  cpus: number;
}

export const DEFAULT_MACHINE_QUOTA: MachineQuota = { maxMachines: 3, maxRunning: 1, diskMb: 512, memoryMb: 1024, cpus: 1 };

/** Null when the learner may create another machine, else the sentence that says why not. */
export function createRefusal(existing: number, quota: MachineQuota): string | null {
  if (existing >= quota.maxMachines) return `You can have ${quota.maxMachines} machine${quota.maxMachines === 1 ? '' : 's'}. Delete one to make a new one.`;
  return null;
}

/** Null when the learner may start another machine, else why not. */
export function startRefusal(running: number, quota: MachineQuota): string | null {
  if (running >= quota.maxRunning) return quota.maxRunning === 1 ? 'You already have a machine running. Stop it first to start this one.' : `You can run ${quota.maxRunning} machines at once. Stop one first.`;
  return null;
}

export function diskRefusal(usedBytes: number, quota: MachineQuota): string | null {
  const limit = quota.diskMb * 1024 * 1024;
  if (usedBytes > limit) return `This machine's files take ${Math.ceil(usedBytes / 1024 / 1024)} MB, over its ${quota.diskMb} MB. Delete some files in the terminal.`;
  return null;
}

/** What a learner reads on a machine stopped for being over its disk allowance (its files are kept). */
export function diskStopNotice(usedBytes: number, quota: MachineQuota): string {
  return `Stopped because its files took ${Math.ceil(usedBytes / 1024 / 1024)} MB, over its ${quota.diskMb} MB. Your files are kept: start it and delete some in the terminal within a minute, or it stops again.`;
}

export const MACHINE_IDLE_MINUTES = 30;

/** A running machine with no activity for 30 minutes is stopped (its files are kept). */
export function isIdle(lastActiveAt: Date, now: Date, idleMinutes = MACHINE_IDLE_MINUTES): boolean {
  return now.getTime() - lastActiveAt.getTime() >= idleMinutes * 60_000;
}

export const MACHINE_NAME_MAX = 60;

/** A trimmed name, or null when it is empty or too long. */
export function cleanMachineName(name: string): string | null {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (trimmed.length === 0 || trimmed.length > MACHINE_NAME_MAX) return null;
  return trimmed;
}

export const INSTANCE_DEFAULT_REDIRECT = '/build';

/**
 * Where the instance app goes after sign-in: one of its own paths, else `/build`. Refuses other
 * origins (`//evil`, `https://…`), backslashes, control characters and paths out of the app.
 */
export function instanceRedirect(requested: string | null | undefined): string {
  if (!requested) return INSTANCE_DEFAULT_REDIRECT;
  if (!requested.startsWith('/') || requested.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(requested)) return INSTANCE_DEFAULT_REDIRECT;
  let decoded: string;
  try {
    decoded = decodeURIComponent(requested);
  } catch {
    return INSTANCE_DEFAULT_REDIRECT;
  }
  if (decoded.startsWith('//') || decoded.includes('\\') || /(^|\/)\.\.(\/|$)/.test(decoded)) return INSTANCE_DEFAULT_REDIRECT;
  const own = ['/build', '/files', '/terminal', '/preview'];
  return own.some((prefix) => requested === prefix || requested.startsWith(`${prefix}/`) || requested.startsWith(`${prefix}?`)) ? requested : INSTANCE_DEFAULT_REDIRECT;
}

/** The machine's identity as the web app shows it: "m_" and 12 lowercase letters or digits. */
export const MACHINE_ID_PATTERN = /^m_[a-z0-9]{12}$/;
