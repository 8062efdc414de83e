import * as z from 'zod/mini';
import { readBuildJson } from './runtime-dirs';
import type { RuntimeKind } from './runtime-sandbox';

const fileSchema = z.object({ path: z.string().check(z.regex(/^[\w./-]+$/)), bytes: z.number().check(z.int(), z.nonnegative()) });
const runtimeFilesSchema = z.object({
  downloader: z.optional(z.string().check(z.regex(/^\/vendor\/[\w.-]+\.js$/))),
  files: z.object({ python: z.array(fileSchema).check(z.minLength(1)), sql: z.array(fileSchema).check(z.minLength(1)), javascript: z.array(fileSchema).check(z.minLength(1)) }),
});

export interface RuntimeFile {
  /** Under /vendor/. */
  path: string;
  /** Its size on disk (uncompressed): the denominator of the download progress. */
  bytes: number;
}

export interface RuntimeAssets {
  /** The runtime's worker code, handed to the frame as text. */
  worker: RuntimeFile;
  /** Data files its loader fetches (wasm, stdlib), handed over as bytes. */
  data: RuntimeFile[];
}

/**
 * What the page fetches for each runtime, from next.config.js (CODETRAIL_RUNTIME_FILES, inlined at
 * build time). Null outside a build: the frame then fetches what it needs itself.
 */
export function runtimeAssets(kind: RuntimeKind, raw: string | undefined = process.env.CODETRAIL_RUNTIME_FILES): RuntimeAssets | null {
  const parsed = runtimeFilesSchema.safeParse(readBuildJson(raw));
  if (!parsed.success) return null;
  const [worker, ...data] = parsed.data.files[kind];
  return worker ? { worker, data } : null;
}

/** The app's own download worker (runtime-download.worker.ts) under /vendor; null outside a build. */
export function runtimeDownloaderUrl(raw: string | undefined = process.env.CODETRAIL_RUNTIME_FILES): string | null {
  const parsed = runtimeFilesSchema.safeParse(readBuildJson(raw));
  return parsed.success ? (parsed.data.downloader ?? null) : null;
}
