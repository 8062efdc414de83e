/**
 * The instance app's HTML pages. No inline script or style (the CSP allows scripts from the
 * instance app's own origin only); the stylesheet and the script are the bundled client assets.
 */
export interface PageAssets {
  css: string;
  js: string;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);
}

function document(title: string, assets: PageAssets, body: string, bodyAttributes = '', script = false): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${assets.css}">
${script ? `<script type="module" src="${assets.js}"></script>` : ''}
</head>
<body${bodyAttributes}>
${body}
</body>
</html>
`;
}

function notice(title: string, assets: PageAssets, heading: string, sentence: string, link: { href: string; text: string }): string {
  return document(
    title,
    assets,
    `<main class="notice">
<div class="notice-card">
<p class="brand">Codetrail machines</p>
<h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(sentence)}</p>
<p><a class="button" href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>
</div>
</main>`,
  );
}

export type SignInReason = 'none' | 'refused' | 'unavailable' | 'ended' | 'other-browser';

const SIGN_IN_SENTENCES: Record<SignInReason, string> = {
  none: 'You are not signed in here: open your machine from Codetrail and it signs you in.',
  refused: 'This sign-in link has expired or was already used: open your machine from Codetrail again for a new one.',
  unavailable: 'Codetrail could not be reached to sign you in; try again in a moment from Codetrail.',
  ended: 'Your session here has ended (or this machine is no longer yours): open your machine from Codetrail again.',
  'other-browser': 'This sign-in link was not started in this browser, so it opens nothing here: open your machine from Codetrail in this browser.',
};

export function signInPage(assets: PageAssets, webAppOrigin: string, reason: SignInReason): string {
  return notice('Sign in – Codetrail machine', assets, 'Sign in through Codetrail', SIGN_IN_SENTENCES[reason], { href: `${webAppOrigin}/web/build`, text: 'Open your machines in Codetrail' });
}

export function stoppedPage(assets: PageAssets, webAppOrigin: string, machineName: string, state: string): string {
  const sentence =
    state === 'starting'
      ? `Your machine “${machineName}” is still starting: wait a moment, then open it again from Codetrail.`
      : `Your machine “${machineName}” is ${state === 'error' ? 'not running (it failed)' : state}: start it from Codetrail, then open it again.`;
  return notice('Machine stopped – Codetrail', assets, 'This machine is not running', sentence, { href: `${webAppOrigin}/web/build`, text: 'Open your machines in Codetrail' });
}

export type WorkspaceView = 'build' | 'files' | 'terminal' | 'preview';

export function workspacePage(assets: PageAssets, options: { webAppOrigin: string; machineName: string; view: WorkspaceView; network: string }): string {
  const name = escapeHtml(options.machineName);
  const tab = (id: string, label: string) => `<button type="button" class="tab" data-tab="${id}" aria-controls="${id}-pane" aria-pressed="false">${label}</button>`;
  return document(
    `${options.machineName} – Codetrail machine`,
    assets,
    `<a class="skip-link" href="#editor-pane">Skip to the editor</a>
<header class="topbar">
<a class="back" href="${escapeHtml(options.webAppOrigin)}/web/build">Back to Codetrail</a>
<h1 class="machine-name">${name}</h1>
<p class="machine-state" id="machine-state">Running</p>
<p class="status machine-network" id="machine-network">${escapeHtml(options.network)}</p>
</header>
<nav class="tabs" aria-label="Workspace panels">
${tab('files', 'Files')}
${tab('editor', 'Editor')}
${tab('terminal', 'Terminal')}
${tab('preview', 'Preview')}
</nav>
<main class="panes" id="panes">
<section class="pane files-pane" id="files-pane" aria-labelledby="files-title">
<div class="pane-head"><h2 id="files-title">Files</h2>
<div class="pane-actions"><button type="button" id="new-file">New file</button><button type="button" id="rename-file" disabled>Rename</button><button type="button" id="delete-file" disabled>Delete</button><button type="button" id="refresh-files">Refresh</button></div></div>
<p class="hint" id="tree-hint">Arrow keys move through the files; Enter opens one.</p>
<ul class="tree" id="file-tree" aria-label="Files in your machine" aria-describedby="tree-hint"></ul>
<p class="status" id="files-status" role="status"></p>
</section>
<section class="pane editor-pane" id="editor-pane" aria-labelledby="editor-title" tabindex="-1">
<div class="pane-head"><h2 id="editor-title">Editor</h2><p class="file-name" id="editor-file">No file open</p><p class="status" id="save-status" role="status" aria-live="polite"></p></div>
<div class="editor" id="editor"></div>
</section>
<section class="pane terminal-pane" id="terminal-pane" aria-labelledby="terminal-title">
<div class="pane-head"><h2 id="terminal-title">Terminal</h2><button type="button" id="terminal-reconnect" hidden>Reconnect</button><p class="status" id="terminal-status" role="status"></p></div>
<div class="terminal" id="terminal"></div>
</section>
<section class="pane preview-pane" id="preview-pane" aria-labelledby="preview-title">
<div class="pane-head"><h2 id="preview-title">Preview</h2></div>
<form class="preview-bar" id="preview-form">
<label for="preview-port">Port</label>
<input id="preview-port" name="port" type="number" inputmode="numeric" min="1" max="65535" value="3000" required>
<button type="submit">Reload</button>
<a id="preview-open" href="/preview/open?port=3000" target="_blank" rel="noopener noreferrer">Open in new tab</a>
</form>
<p class="status" id="preview-status" role="status"></p>
<iframe class="preview-frame" id="preview-frame" title="Preview of your web server" src="about:blank"></iframe>
</section>
</main>`,
    ` class="workspace" data-view="${options.view}"`,
    true,
  );
}

/** The preview host's answer without a preview cookie: no script, no style of ours. */
export function previewUnauthorizedPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Preview – sign in</title></head>
<body><h1>This preview needs your workspace</h1><p>Open the Preview panel (or its “Open in new tab” link) in your machine’s workspace to see this page.</p></body></html>
`;
}
