import type { SandboxKind } from '@/domain/security/content-security-policy';
import type { QueryResult } from '../output-checks';
import type { RunError, RunRequest } from '../run-types';

/**
 * The messages between the lesson page, the sandbox frames (/api/sandbox/<kind>, opaque origin) and
 * the workers inside them. Only types and limits live here: the frames and workers import this
 * file, and the page checks every incoming message against sandbox-message-schemas.ts.
 */

/** The frame's first word, to the page by window.postMessage; the page answers with CONNECT and a MessagePort. */
export const SANDBOX_HELLO = 'codetrail-sandbox-hello';
export const SANDBOX_CONNECT = 'codetrail-sandbox-connect';
/** A learner page's check results, from the page probe to the page frame. */
export const PAGE_CHECKS_FROM_PROBE = 'codetrail-page-checks';

/** Output a run may show; the frame stops relaying beyond it and the page stops accepting it. */
export const OUTPUT_LIMIT_CHARS = 200_000;
/** Error and assertion messages longer than this are cut by the frame (and refused by the page). */
export const MESSAGE_LIMIT_CHARS = 4_000;
/** The frame sends a run's first output at once (run → first output) and batches the rest. */
export const OUTPUT_BATCH_MS = 25;

/**
 * The sandbox document's URL. `version` (next.config.js's CODETRAIL_SANDBOX_VERSION, a hash of what
 * the documents are made of) lets the browser cache the document, so runtimes start offline.
 */
export function sandboxPath(kind: SandboxKind, version: string | undefined = process.env.CODETRAIL_SANDBOX_VERSION): string {
  return version ? `/api/sandbox/${kind}?v=${encodeURIComponent(version)}` : `/api/sandbox/${kind}`;
}

/** What a runtime saw, as it crosses postMessage: maps become entry lists; output travels separately. */
export type WireOutcome =
  | {
      status: 'ran';
      error: RunError | null;
      assertionFailures: [number, string | null][];
      queryResult: QueryResult | null;
      /** The same statements' result on the lesson's check data (SQL lessons that have it). */
      checkQueryResult?: QueryResult | null;
      /** sql-result checks' own queries (RunOutcome.checkQueries as entries). */
      checkQueries?: [number, QueryResult | null][];
      pageChecks: [number, boolean][];
      /** A hint about the code itself (RunOutcome.hint). */
      hint?: string | null;
    }
  | { status: 'unsupported'; reason: string };

/** The longest line an interactive run's input() is answered with (the page's field holds no more). */
export const INPUT_LIMIT_CHARS = 10_000;

/** Frame (and worker) → page. */
export type RuntimeMessage =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'output'; id: number; text: string }
  /** An interactive run's input() waits for a line; its prompt comes with the question (see InputAnswer). */
  | { type: 'input-request'; id: number; prompt: string }
  | { type: 'result'; id: number; outcome: WireOutcome };

/**
 * A vendored file the page fetched for the runtime. An opaque-origin frame gets no HTTP cache, so
 * without this every visit would download Pyodide again (~6 MB gzip); the page's own requests are
 * cached. `path` is relative to /vendor/.
 */
export interface ProvidedFile {
  path: string;
  type: string;
  bytes: ArrayBuffer;
}

/** Page → frame, once: start the runtime, with the worker code and the files the page already has. */
export interface StartCommand {
  type: 'start';
  /** The worker's code as the page fetched it (null: the frame fetches it itself). */
  workerSource: string | null;
  files: ProvidedFile[];
}

/**
 * Page → frame, once, with a MessagePort in the message's ports: the page's download worker posts
 * the StartCommand on it (runtime-download.ts), so the bytes never cross the page's main thread.
 * The frame takes one StartCommand from it and closes it; the page may still send its own
 * StartCommand (when the worker could not start or failed): whichever comes first starts the runtime.
 */
export interface DeliveryCommand {
  type: 'delivery';
}

/** Page → frame → worker. */
export interface RunCommand {
  type: 'run';
  id: number;
  request: RunRequest;
  /**
   * Someone is watching (the build area): input() asks the page for each line (input-request)
   * instead of reading the request's stdin, and the run has no checks. Python only.
   */
  interactive?: boolean;
}

/** Page → frame → worker: the line typed for the run's one open input-request. */
export interface InputAnswer {
  type: 'input';
  id: number;
  text: string;
}

/** Frame → a runtime's worker, once: where the vendored runtime files are (the worker's own origin is opaque). */
export interface WorkerInit {
  type: 'init';
  assetBase: string;
  files: ProvidedFile[];
}

/** Page → page frame: show this document (a learner's page, with the check probe when checking). */
export interface RenderCommand {
  type: 'render';
  html: string;
}

/** Page frame → page: what the check probe measured in one load of the page (html-page.ts). */
export interface PageChecksMessage {
  type: 'page-checks';
  results: [number, boolean][];
  resume: { index: number; after: number; storage: [string, string][] } | null;
  /** The nonce the player gave this load's probe (page-probe.ts); a page's own message lacks it. */
  nonce: string;
}

/** Page frame → page: the learner's page changed its localStorage (page-storage.ts). */
export interface PageStorageMessage {
  type: 'page-storage';
  items: [string, string][];
}

export type PageFrameMessage = PageChecksMessage | PageStorageMessage;

export function errorMessage(caught: unknown): string {
  return caught instanceof Error ? caught.message : String(caught);
}
