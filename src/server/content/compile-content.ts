import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { TUTORIAL_KINDS, type Chapter, type CompiledContent, type Lesson, type Track, type Tutorial } from '@/domain/content/model';
import { compileEvents } from './compile-events';
import { compileGlossary } from './compile-glossary';
import { ID_PATTERN, type ContentError } from './content-error';
import { parseLesson } from './parse-lesson';

const id = z.string().regex(ID_PATTERN, 'ids are lower-case kebab-case');

const trackSchema = z
  .object({
    id,
    title: z.string().min(1),
    description: z.string().min(1),
    sections: z.array(z.object({ title: z.string().min(1), tutorials: z.array(id).min(1) }).strict()).min(1),
  })
  .strict();

const tutorialSchema = z
  .object({ id, title: z.string().min(1), description: z.string().min(1), kind: z.enum(TUTORIAL_KINDS) })
  .strict();

const chapterSchema = z.object({ id, title: z.string().min(1) }).strict();

/** Track ids become /web/{trackId}/section/… routes: they must not shadow the app's own /web pages. */
export const RESERVED_TRACK_IDS = ['track', 'login', 'register', 'streak', 'daily-goal', 'project-done', 'leaderboard', 'settings', 'progress', 'redirect-to-active-section', 'shared', 'build', 'preview', 'library', 'cookies', 'events', 'onboarding', 'billing', 'pro', 'subscribe'];

const ORDERED = /^(\d+)-[a-z0-9-]+$/;
const ORDERED_LESSON = /^(\d+)-[a-z0-9-]+\.md$/;

export interface CompileResult {
  content: CompiledContent;
  errors: ContentError[];
}

async function readYaml<T>(file: string, schema: z.ZodType<T>, relative: string, errors: ContentError[]): Promise<T | null> {
  if (!existsSync(file)) {
    errors.push({ file: relative, line: 1, message: 'file is missing' });
    return null;
  }
  let raw: unknown;
  try {
    raw = parseYaml(await readFile(file, 'utf8'));
  } catch (error) {
    errors.push({ file: relative, line: 1, message: `not valid YAML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` });
    return null;
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    for (const issue of result.error.issues) errors.push({ file: relative, line: 1, message: `${issue.path.join('.') || 'file'}: ${issue.message}` });
    return null;
  }
  return result.data;
}

async function orderedEntries(dir: string, pattern: RegExp, relative: string, errors: ContentError[], kind: 'folder' | 'file'): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const matching = entries
    .filter((entry) => (kind === 'folder' ? entry.isDirectory() : entry.isFile() && entry.name.endsWith('.md')))
    .map((entry) => entry.name);
  const seen = new Map<number, string>();
  const ordered: { order: number; name: string }[] = [];
  for (const name of matching) {
    const match = pattern.exec(name);
    if (!match?.[1]) {
      errors.push({ file: path.join(relative, name), line: 1, message: `name it "NN-${kind === 'folder' ? 'slug' : 'slug.md'}" (a number prefix sets the order)` });
      continue;
    }
    const order = Number(match[1]);
    const clash = seen.get(order);
    if (clash) errors.push({ file: path.join(relative, name), line: 1, message: `has the same order number as ${clash}` });
    seen.set(order, name);
    ordered.push({ order, name });
  }
  return ordered.sort((a, b) => a.order - b.order).map((entry) => entry.name);
}

/** Compiles content/tracks/** into the course model, collecting every error with file and line. */
export async function compileContent(root: string): Promise<CompileResult> {
  const errors: ContentError[] = [];
  const tracks: Track[] = [];
  const ids = new Map<string, string>();
  const claim = (itemId: string, file: string) => {
    const other = ids.get(itemId);
    if (other) errors.push({ file, line: 1, message: `id "${itemId}" is already used by ${other}` });
    else ids.set(itemId, file);
  };
  const rel = (file: string) => path.relative(path.dirname(root), file) || file;
  const subfolders = async (dir: string) =>
    (await readdir(dir, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  /** Reads a folder's description file; tracks and tutorials are named after their id. */
  async function readFolderItem<T extends { id: string }>(dir: string, fileName: string, schema: z.ZodType<T>, idIsFolderName: boolean): Promise<T | null> {
    const file = path.join(dir, fileName);
    const meta = await readYaml(file, schema, rel(file), errors);
    if (!meta) return null;
    const folder = path.basename(dir);
    if (idIsFolderName && meta.id !== folder) errors.push({ file: rel(file), line: 1, message: `id "${meta.id}" must equal the folder name "${folder}"` });
    claim(meta.id, rel(file));
    return meta;
  }

  const tracksDir = path.join(root, 'tracks');
  if (!existsSync(tracksDir)) return { content: { tracks }, errors: [{ file: rel(tracksDir), line: 1, message: 'folder is missing' }] };

  for (const trackFolder of await subfolders(tracksDir)) {
    const trackDir = path.join(tracksDir, trackFolder);
    const trackFile = path.join(trackDir, 'track.yaml');
    const meta = await readFolderItem(trackDir, 'track.yaml', trackSchema, true);
    if (!meta) continue;
    if (RESERVED_TRACK_IDS.includes(meta.id)) errors.push({ file: rel(trackFile), line: 1, message: `"${meta.id}" is the name of an app page under /web; pick another track id` });

    const tutorials: Tutorial[] = [];
    for (const tutorialFolder of await subfolders(trackDir)) {
      const tutorialDir = path.join(trackDir, tutorialFolder);
      const tutorialFile = path.join(tutorialDir, 'tutorial.yaml');
      const tutorialMeta = await readFolderItem(tutorialDir, 'tutorial.yaml', tutorialSchema, true);
      if (!tutorialMeta) continue;

      const chapters: Chapter[] = [];
      for (const chapterFolder of await orderedEntries(tutorialDir, ORDERED, rel(tutorialDir), errors, 'folder')) {
        const chapterDir = path.join(tutorialDir, chapterFolder);
        const chapterFile = path.join(chapterDir, 'chapter.yaml');
        const chapterMeta = await readFolderItem(chapterDir, 'chapter.yaml', chapterSchema, false);
        if (!chapterMeta) continue;
        const lessons: Lesson[] = [];
        for (const lessonName of await orderedEntries(chapterDir, ORDERED_LESSON, rel(chapterDir), errors, 'file')) {
          const lessonFile = path.join(chapterDir, lessonName);
          const parsed = parseLesson(await readFile(lessonFile, 'utf8'), rel(lessonFile));
          errors.push(...parsed.errors);
          if (parsed.lesson) {
            claim(parsed.lesson.id, rel(lessonFile));
            lessons.push(parsed.lesson);
          }
        }
        if (lessons.length === 0) errors.push({ file: rel(chapterFile), line: 1, message: 'the chapter has no lessons' });
        chapters.push({ id: chapterMeta.id, title: chapterMeta.title, lessons });
      }
      if (chapters.length === 0) errors.push({ file: rel(tutorialFile), line: 1, message: 'the tutorial has no chapters' });
      tutorials.push({ ...tutorialMeta, chapters });
    }

    const listed = meta.sections.flatMap((section) => section.tutorials);
    for (const tutorialId of listed) {
      if (!tutorials.some((tutorial) => tutorial.id === tutorialId)) errors.push({ file: rel(trackFile), line: 1, message: `section lists tutorial "${tutorialId}", which has no folder in ${rel(trackDir)}` });
      if (listed.filter((other) => other === tutorialId).length > 1) errors.push({ file: rel(trackFile), line: 1, message: `tutorial "${tutorialId}" is listed in more than one place` });
    }
    for (const tutorial of tutorials) {
      if (!listed.includes(tutorial.id)) errors.push({ file: rel(trackFile), line: 1, message: `tutorial "${tutorial.id}" is in no section` });
    }
    const byId = new Map(tutorials.map((tutorial) => [tutorial.id, tutorial]));
    tracks.push({
      id: meta.id,
      title: meta.title,
      description: meta.description,
      sections: meta.sections.map((section) => ({ title: section.title, tutorialIds: section.tutorials })),
      // In section order, as learners meet them.
      tutorials: listed.map((tutorialId) => byId.get(tutorialId)).filter((tutorial): tutorial is Tutorial => tutorial !== undefined),
    });
  }
  const glossary = await compileGlossary(root, tracks, claim);
  errors.push(...glossary.errors);
  const events = await compileEvents(root, tracks, claim);
  errors.push(...events.errors);
  const content: CompiledContent = { tracks, ...(glossary.entries.length > 0 ? { glossary: glossary.entries } : {}), ...(events.events.length > 0 ? { events: events.events } : {}) };
  return { content, errors: Array.from(new Map(errors.map((e) => [`${e.file}:${e.line}:${e.message}`, e])).values()) };
}
