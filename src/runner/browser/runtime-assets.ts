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

type RuntimeFiles = z.infer<typeof runtimeFilesSchema>;

/** The last list read, by its text: a page starts runtimes several times and the text never changes within a build. */
let lastRead: { raw: string | undefined; files: RuntimeFiles | null } | null = null;

/**
 * The build's runtime files, checked once per page rather than at every runtime start (a first
 * check through the schema cost ~10 ms of the page's main thread, twice per start).
 */
function runtimeFiles(raw: string | undefined): RuntimeFiles | null {
  if (lastRead === null || lastRead.raw !== raw) {
    const parsed = runtimeFilesSchema.safeParse(readBuildJson(raw));
    lastRead = { raw, files: parsed.success ? parsed.data : null };
  }
  return lastRead.files;
}

/**
 * What the page fetches for each runtime, from next.config.js (CODETRAIL_RUNTIME_FILES, inlined at
 * build time). Null outside a build: the frame then fetches what it needs itself.
 */
export function runtimeAssets(kind: RuntimeKind, raw: string | undefined = process.env.CODETRAIL_RUNTIME_FILES): RuntimeAssets | null {
  const files = runtimeFiles(raw);
  if (!files) return null;
  const [worker, ...data] = files.files[kind];
  return worker ? { worker, data } : null;
}

/** The app's own download worker (runtime-download.worker.ts) under /vendor; null outside a build. */
export function runtimeDownloaderUrl(raw: string | undefined = process.env.CODETRAIL_RUNTIME_FILES): string | null {
  return runtimeFiles(raw)?.downloader ?? null;
}
