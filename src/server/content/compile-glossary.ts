import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { Track } from '@/domain/content/model';
import { GLOSSARY_KINDS, GLOSSARY_TRACK_ID, SUPPORT_BROWSERS, type BrowserSupport, type GlossaryCompat, type GlossaryEntry, type SupportBrowser } from '@/domain/glossary/glossary';
import { ID_PATTERN, type ContentError } from './content-error';
import { splitFrontMatter, splitParts, textOf, type Part } from './markdown-parts';
import { parseChecks, parseFiles } from './parse-lesson';
import { renderMarkdown } from './render-markdown';


const frontMatterSchema = z
  .object({
    id: z.string().regex(ID_PATTERN, 'id must be lower-case kebab-case'),
    kind: z.enum(GLOSSARY_KINDS),
    name: z.string().min(1).max(30),
    title: z.string().min(5).max(60, 'title is at most 60 characters (search results cut longer ones)'),
    summary: z.string().min(50, 'summary is at least 50 characters').max(160, 'summary is at most 160 characters (the meta description)'),
    compat: z.string().regex(/^html\.(elements|global_attributes)(\.[a-z0-9_-]+)+$/, 'compat is a key of @mdn/browser-compat-data such as html.elements.a'),
    lessons: z.array(z.string().regex(ID_PATTERN)).min(1, 'link at least one lesson of the HTML track'),
    related: z.array(z.string().regex(ID_PATTERN)).default([]),
  })
  .strict();

const PARTS = ['explanation', 'example', 'checks'];
const MAX_EXPLANATION_WORDS = 220;

interface CompatStatement {
  version_added?: string | boolean | null;
}
interface CompatNode {
  __compat?: { support?: Record<string, CompatStatement | CompatStatement[]>; status?: { deprecated?: boolean }; mdn_url?: string };
  [key: string]: unknown;
}

let compatData: CompatNode | null = null;
/**
 * MDN's browser-compat-data (CC0, docs/decisions.md): a large JSON file read from node_modules once
 * per process, only when content is compiled. Resolved from the project (content is always compiled
 * from its root). Node's own `createRequire`, taken with `process.getBuiltinModule`, because in the
 * app's server bundle (a running server publishes for `content:publish` and preview deployments)
 * webpack rewrites an imported `createRequire`: its `resolve` became the JSON's module id, which
 * `readFileSync` took for a file descriptor (EBADF), or the whole require became `undefined`.
 */
export function browserCompatData(): CompatNode {
  if (compatData) return compatData;
  const { createRequire: nodeRequire } = process.getBuiltinModule('node:module');
  compatData = JSON.parse(readFileSync(nodeRequire(path.join(process.cwd(), 'package.json')).resolve('@mdn/browser-compat-data'), 'utf8')) as CompatNode;
  return compatData;
}

function supportOf(statement: CompatStatement | CompatStatement[] | undefined): BrowserSupport {
  const first = Array.isArray(statement) ? statement[0] : statement;
  const added = first?.version_added;
  if (typeof added === 'string') return added === 'preview' ? false : added;
  return added === true;
}

/** The support table of one @mdn/browser-compat-data key, or null when the key does not exist. */
export function compatOf(key: string, data: CompatNode = browserCompatData()): GlossaryCompat | null {
  let node: CompatNode | undefined = data;
  for (const part of key.split('.')) node = node?.[part] as CompatNode | undefined;
  const compat = node?.__compat;
  if (!compat?.support) return null;
  const support = Object.fromEntries(SUPPORT_BROWSERS.map(({ id }) => [id, supportOf(compat.support?.[id])])) as Record<SupportBrowser, BrowserSupport>;
  return { key, support, deprecated: compat.status?.deprecated === true, mdnUrl: compat.mdn_url ?? null };
}

function parseEntry(text: string, file: string, errors: ContentError[]): Omit<GlossaryEntry, 'source'> | null {
  const { frontMatter, frontMatterLine, rest } = splitFrontMatter(text);
  if (frontMatter === null) {
    errors.push({ file, line: 1, message: 'a glossary entry starts with front matter between "---" lines' });
    return null;
  }
  let meta: z.infer<typeof frontMatterSchema>;
  try {
    const result = frontMatterSchema.safeParse(parseYaml(frontMatter));
    if (!result.success) {
      for (const issue of result.error.issues) errors.push({ file, line: frontMatterLine, message: `front matter ${issue.path.join('.')}: ${issue.message}` });
      return null;
    }
    meta = result.data;
  } catch (error) {
    errors.push({ file, line: frontMatterLine, message: `front matter is not valid YAML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` });
    return null;
  }
  const { parts, stray } = splitParts(rest);
  if (stray[0]) errors.push({ file, line: stray[0].line, message: 'text outside a "# --part--" section' });
  const byName = new Map<string, Part>();
  for (const part of parts) {
    if (!PARTS.includes(part.name)) errors.push({ file, line: part.line, message: `part "${part.name}" is not used by glossary entries (${PARTS.join(', ')})` });
    else if (byName.has(part.name)) errors.push({ file, line: part.line, message: `part "${part.name}" appears twice` });
    byName.set(part.name, part);
  }
  for (const required of PARTS) if (!byName.has(required)) errors.push({ file, line: 1, message: `missing part "# --${required}--"` });

  const explanationPart = byName.get('explanation');
  const explanation = explanationPart ? textOf(explanationPart.body) : '';
  if (explanationPart && explanation.length === 0) errors.push({ file, line: explanationPart.line, message: 'the explanation is empty' });
  const words = explanation.replace(/^(```+|~~~+)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, ' ').split(/\s+/).filter(Boolean).length;
  if (words > MAX_EXPLANATION_WORDS) errors.push({ file, line: explanationPart?.line ?? 1, message: `the explanation has ${words} words; keep it under ${MAX_EXPLANATION_WORDS}` });

  const examplePart = byName.get('example');
  const files = examplePart ? parseFiles(examplePart, file, errors, false) : [];
  const example = files[0];
  if (examplePart && (files.length !== 1 || example?.name !== 'index.html')) errors.push({ file, line: examplePart.line, message: 'the example is exactly one file, "## index.html"' });

  const checksPart = byName.get('checks');
  const checks = checksPart ? parseChecks(checksPart, file, errors) : [];
  if (checks.some((check) => check.type !== 'dom')) errors.push({ file, line: checksPart?.line ?? 1, message: 'glossary examples are checked with "dom" checks only' });

  const compat = compatOf(meta.compat);
  if (!compat) errors.push({ file, line: frontMatterLine, message: `"${meta.compat}" is not a key of @mdn/browser-compat-data` });
  if (!example || !compat) return null;
  return {
    id: meta.id,
    kind: meta.kind,
    name: meta.name,
    title: meta.title,
    summary: meta.summary,
    explanationHtml: renderMarkdown(explanation),
    example: { name: example.name, content: example.content },
    checks,
    compat,
    lessons: meta.lessons,
    related: meta.related,
  };
}

/**
 * content/glossary/html/*.md → glossary entries, A–Z by id. Every linked lesson must be a lesson of
 * the HTML track and every related id an entry; `claim` keeps ids unique across all content.
 */
export async function compileGlossary(root: string, tracks: readonly Track[], claim: (id: string, file: string) => void): Promise<{ entries: GlossaryEntry[]; errors: ContentError[] }> {
  const errors: ContentError[] = [];
  const dir = path.join(root, 'glossary', 'html');
  if (!existsSync(dir)) return { entries: [], errors };
  const rel = (file: string) => path.relative(path.dirname(root), file) || file;
  const entries: GlossaryEntry[] = [];
  const files = (await readdir(dir)).filter((name) => name.endsWith('.md')).sort();
  for (const name of files) {
    const file = path.join(dir, name);
    const entry = parseEntry(await readFile(file, 'utf8'), rel(file), errors);
    if (!entry) continue;
    if (`${entry.id}.md` !== name) errors.push({ file: rel(file), line: 1, message: `id "${entry.id}" must equal the file name "${name.replace(/\.md$/, '')}"` });
    claim(`glossary:${entry.id}`, rel(file));
    entries.push({ ...entry, source: rel(file) });
  }
  const track = tracks.find((candidate) => candidate.id === GLOSSARY_TRACK_ID);
  const lessonIds = new Set(track?.tutorials.flatMap((tutorial) => tutorial.chapters.flatMap((chapter) => chapter.lessons.map((lesson) => lesson.id))) ?? []);
  const entryIds = new Set(entries.map((entry) => entry.id));
  for (const entry of entries) {
    for (const lessonId of entry.lessons) if (!lessonIds.has(lessonId)) errors.push({ file: entry.source, line: 1, message: `lesson "${lessonId}" is not a lesson of the ${GLOSSARY_TRACK_ID} track` });
    for (const related of entry.related) if (!entryIds.has(related) || related === entry.id) errors.push({ file: entry.source, line: 1, message: `related "${related}" is not another glossary entry` });
  }
  return { entries, errors };
}
