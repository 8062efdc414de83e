/**
 * Codetrail's Content-Security-Policies as data: one table for the app's pages and one for each
 * sandbox document that runs learner code. next.config.js sends the app's policy on every page;
 * the sandbox route sends the frame's own. See docs/security.md for why each source is there.
 */

export type Directive =
  | 'default-src'
  | 'script-src'
  | 'style-src'
  | 'img-src'
  | 'font-src'
  | 'media-src'
  | 'connect-src'
  | 'frame-src'
  | 'worker-src'
  | 'object-src'
  | 'base-uri'
  | 'form-action'
  | 'frame-ancestors'
  | 'sandbox';

export type Policy = Partial<Record<Directive, readonly string[]>>;

/** Firebase Auth's endpoints against a real project (sign-in and token refresh). */
export const FIREBASE_IDENTITY_ORIGINS = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'] as const;

export function serializePolicy(policy: Policy): string {
  return Object.entries(policy)
    .map(([directive, sources]) => [directive, ...(sources ?? [])].join(' '))
    .join('; ');
}

export interface AppPolicyInput {
  /** base64 sha256 of each inline script the app renders itself (the theme script). */
  inlineScriptHashes: readonly string[];
  /** host:port of the Auth emulator in local mode (`demo-` project), null against real Firebase. */
  authEmulatorHost: string | null;
  /** `next dev`: webpack's eval source maps need eval; hot reload uses a same-origin websocket. */
  development: boolean;
  /** Web projects' preview origins (previewFrameSource), framed by the build area; null: none. */
  previewFrameSource?: string | null;
  /** Configured analytics services (analyticsPolicySources); none by default, so nothing outside loads. */
  analyticsSources?: { script: readonly string[]; connect: readonly string[]; img: readonly string[] };
}

export function appPolicy({ inlineScriptHashes, authEmulatorHost, development, previewFrameSource = null, analyticsSources = { script: [], connect: [], img: [] } }: AppPolicyInput): Policy {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScriptHashes.map((hash) => `'sha256-${hash}'`), ...(development ? ["'unsafe-eval'"] : []), ...analyticsSources.script],
    // CodeMirror writes its theme into <style> elements at run time (see docs/decisions.md D43).
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...analyticsSources.img],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(authEmulatorHost ? [`http://${authEmulatorHost}`] : FIREBASE_IDENTITY_ORIGINS), ...analyticsSources.connect],
    // Learner code runs in /api/sandbox/* documents of this origin, never in the page itself, and
    // web projects on their own origins (the build area's previews).
    'frame-src': ["'self'", ...(previewFrameSource ? [previewFrameSource] : [])],
    // The app's own runtime-download worker (/vendor); learner code never runs on this origin.
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

export const appContentSecurityPolicy = (input: AppPolicyInput): string => serializePolicy(appPolicy(input));

/** Documents served under /api/sandbox/<kind>: one per runtime, and one for learners' own pages. */
export const SANDBOX_KINDS = ['python', 'javascript', 'sql', 'page'] as const;
export type SandboxKind = (typeof SANDBOX_KINDS)[number];

export function isSandboxKind(value: unknown): value is SandboxKind {
  return typeof value === 'string' && (SANDBOX_KINDS as readonly string[]).includes(value);
}

export interface SandboxPolicyInput {
  /** The app's origin as the browser sees it, e.g. http://localhost:3000 (no trailing slash). */
  origin: string;
  /**
   * base64 sha256 of the frame's own script, which is inline in the document: a frame's own
   * requests never hit the HTTP cache (see docs/decisions.md D53), so an inline script is what lets a
   * cached sandbox document start with the network cut.
   */
  frameScriptHash: string;
}

/** The page frame's sandbox flags: scripts and form events, never allow-same-origin. */
export const PAGE_SANDBOX = ['allow-scripts', 'allow-forms'] as const;

/**
 * Every sandbox document: an opaque origin (the header repeats the iframe's sandbox attribute, so a
 * frame opened without it is sandboxed all the same), nothing by default, framed only by the app.
 */
const SANDBOX_BASE: Policy = {
  sandbox: ['allow-scripts'],
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'self'"],
};

export function sandboxPolicy(kind: SandboxKind, { origin, frameScriptHash }: SandboxPolicyInput): Policy {
  const vendor = `${origin}/vendor/`;
  if (kind === 'page') {
    // A learner's web page: its own inline scripts and styles, images like a real page; no network.
    // (No hash for the frame's own inline script: a hash would switch 'unsafe-inline' off.)
    return {
      ...SANDBOX_BASE,
      // Forms may fire their submit event (a to-do page's "Add"), while form-action 'none' still
      // stops any submission from leaving the frame.
      sandbox: [...PAGE_SANDBOX],
      'script-src': ["'unsafe-inline'"],
      'style-src': ["'unsafe-inline'"],
      'img-src': ['data:', 'blob:', 'https:', `${origin}/course-assets/`],
      'font-src': ['data:', 'https:'],
      'media-src': ['data:', 'blob:', 'https:'],
      'connect-src': ["'none'"],
      'worker-src': ["'none'"],
      'frame-src': ["'none'"],
    };
  }
  return {
    ...SANDBOX_BASE,
    // Runtimes run their own inline frame script (by hash), load only the app's vendored files
    // (worker code, Pyodide, sql.js) and compile wasm; learner JavaScript is run with new
    // Function, so only its frame may eval.
    'script-src': [`'sha256-${frameScriptHash}'`, vendor, "'wasm-unsafe-eval'", ...(kind === 'javascript' ? ["'unsafe-eval'"] : [])],
    'connect-src': [vendor],
    // Workers start from data: URLs (Chromium refuses module workers from blob: URLs in an opaque
    // origin); each gets a fresh opaque origin and inherits this policy.
    'worker-src': ['data:'],
  };
}

export const sandboxContentSecurityPolicy = (kind: SandboxKind, input: SandboxPolicyInput): string => serializePolicy(sandboxPolicy(kind, input));
