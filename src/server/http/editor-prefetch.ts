import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Chapter } from '@/domain/content/model';

/**
 * The script files a code lesson's editor will need, which the lesson page prefetches once it has
 * loaded (src/lib/prefetch-after-load.ts). The editor is built only when the learner first reaches
 * for it (src/features/editor/index.tsx), so its chunks are downloaded after the page, not run: a
 * learner whose connection drops before touching the code can still edit it. Read from Next's
 * react-loadable-manifest.json (the dynamic imports of this build and their files); nothing when
 * there is no build manifest (dev).
 */

type Manifest = Record<string, { files?: unknown }>;
let manifest: Manifest | null | undefined;

function loadManifest(): Manifest | null {
  if (manifest !== undefined) return manifest;
  try {
    const file = path.join(process.cwd(), process.env.NEXT_DIST_DIR || '.next', 'react-loadable-manifest.json');
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    manifest = typeof parsed === 'object' && parsed !== null ? (parsed as Manifest) : null;
  } catch {
    manifest = null;
  }
  return manifest;
}

const EDITOR = 'src/features/editor/index.tsx -> ';
const GRAMMARS = 'src/features/editor/extensions/language-setup.ts -> ';
/** The grammar imports language-setup.ts makes for a file, by its extension. */
const GRAMMAR_IMPORTS: Record<string, string[]> = {
  py: ['@codemirror/lang-python'],
  js: ['@codemirror/lang-javascript'],
  jsx: ['@codemirror/lang-javascript'],
  html: ['@codemirror/lang-html', './close-tag-overtype'],
  css: ['@codemirror/lang-css'],
  sql: ['@codemirror/lang-sql'],
};

/** Pure: the files of these dynamic imports in this manifest, as URLs, each once. */
export function prefetchFiles(from: Manifest | null, imports: string[]): string[] {
  if (!from) return [];
  const files = imports.flatMap((key) => {
    const entry = from[key]?.files;
    return Array.isArray(entry) ? entry.filter((file): file is string => typeof file === 'string' && file.endsWith('.js')) : [];
  });
  return [...new Set(files)].map((file) => `/_next/${file}`);
}

/**
 * The editor's files for the code lessons of `chapter` (none when it has no code lesson). Chapters
 * of a track version never change and the manifest is the build's: worked out once per chapter
 * and process (issue 18), not on every lesson page.
 */
const perChapter = new WeakMap<Pick<Chapter, 'lessons'>, string[]>();

export function editorPrefetchFor(chapter: Pick<Chapter, 'lessons'>, from?: Manifest | null): string[] {
  if (from !== undefined) return editorFilesOf(chapter, from);
  let files = perChapter.get(chapter);
  if (!files) {
    files = editorFilesOf(chapter, loadManifest());
    perChapter.set(chapter, files);
  }
  return files;
}

function editorFilesOf(chapter: Pick<Chapter, 'lessons'>, from: Manifest | null): string[] {
  const extensions = new Set(
    chapter.lessons.flatMap((lesson) => (lesson.interaction.kind === 'code' ? (lesson.executableContent?.files ?? []).map((file) => file.name.split('.').pop() ?? '') : [])),
  );
  if (extensions.size === 0) return [];
  const grammars = [...extensions].flatMap((extension) => GRAMMAR_IMPORTS[extension] ?? []);
  return prefetchFiles(from, [`${EDITOR}./components/code-editor`, `${EDITOR}./extensions/language-setup`, `${GRAMMARS}@codemirror/language`, ...grammars.map((name) => `${GRAMMARS}${name}`)]);
}
