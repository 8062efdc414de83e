import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { PROJECT_TEMPLATES } from '@/domain/build/project-templates';
import type { Track } from '@/domain/content/model';
import { EVENT_KINDS, MAX_EVENT_ID_LENGTH, type CodingEvent, type EventTarget } from '@/domain/events/events';
import { ID_PATTERN, type ContentError } from './content-error';
import { splitFrontMatter, textOf } from './markdown-parts';
import { renderMarkdown } from './render-markdown';

/** An instant with its offset spelled out: authors never leave the time zone to the server's. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:\d{2})$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_DURATION_MS = 12 * 60 * 60 * 1000;

/** YAML 1.1 readers turn timestamps into dates; the text is what the author wrote either way. */
const text = (schema: z.ZodString) => z.preprocess((value) => (value instanceof Date ? value.toISOString() : value), schema);
const instant = text(z.string().regex(INSTANT, 'write a date and time with its offset, e.g. 2026-12-01T18:00:00Z or 2026-12-01T19:00:00+01:00'));

/** Date.parse rolls 30 February over into March: the calendar day must exist as written. */
function isRealInstant(value: string): boolean {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(year ?? 0, (month ?? 0) - 1, day ?? 0));
  return !Number.isNaN(Date.parse(value)) && date.getUTCMonth() + 1 === month && date.getUTCDate() === day;
}

const frontMatterSchema = z
  .object({
    id: z.string().regex(ID_PATTERN, 'id must be lower-case kebab-case').max(MAX_EVENT_ID_LENGTH),
    kind: z.enum(EVENT_KINDS),
    title: z.string().min(5).max(80, 'title is at most 80 characters'),
    summary: z.string().min(30, 'summary is at least 30 characters').max(200, 'summary is at most 200 characters'),
    starts: instant,
    ends: instant,
    repeats: z.literal('weekly').optional(),
    until: text(z.string().regex(DAY, 'until is a day, e.g. 2027-06-29 (the last occurrence starts on or before it, UTC)')).optional(),
    host: z.string().min(2).max(80),
    location: z.string().min(2).max(120),
    lesson: z.string().regex(ID_PATTERN).optional(),
    template: z.enum(PROJECT_TEMPLATES).optional(),
  })
  .strict()
  .superRefine((meta, context) => {
    for (const key of ['starts', 'ends'] as const) if (!isRealInstant(meta[key])) context.addIssue({ code: 'custom', path: [key], message: 'is not a real date and time' });
    if (meta.until !== undefined && !isRealInstant(`${meta.until}T00:00:00Z`)) context.addIssue({ code: 'custom', path: ['until'], message: 'is not a real day' });
    const starts = Date.parse(meta.starts);
    const ends = Date.parse(meta.ends);
    if (Number.isNaN(starts) || Number.isNaN(ends)) return;
    if (ends <= starts) context.addIssue({ code: 'custom', path: ['ends'], message: 'must be after starts' });
    else if (ends - starts > MAX_DURATION_MS) context.addIssue({ code: 'custom', path: ['ends'], message: 'an event lasts at most 12 hours' });
    if (meta.until !== undefined && meta.repeats === undefined) context.addIssue({ code: 'custom', path: ['until'], message: 'only a repeating event has an end day (add "repeats: weekly")' });
    if (meta.until !== undefined && Date.parse(`${meta.until}T23:59:59Z`) < starts) context.addIssue({ code: 'custom', path: ['until'], message: 'is before the first occurrence' });
    if (meta.lesson !== undefined && meta.template !== undefined) context.addIssue({ code: 'custom', path: ['template'], message: 'link a lesson or a template, not both' });
    if (meta.kind === 'challenge' && meta.lesson === undefined && meta.template === undefined) context.addIssue({ code: 'custom', path: ['kind'], message: 'a challenge links a lesson ("lesson: <lesson id>") or a build template ("template: web")' });
  });

type EventMeta = z.infer<typeof frontMatterSchema>;

function parseEventFile(source: string, file: string, errors: ContentError[]): { meta: EventMeta; descriptionHtml: string } | null {
  const { frontMatter, frontMatterLine, rest } = splitFrontMatter(source);
  if (frontMatter === null) {
    errors.push({ file, line: 1, message: 'an event starts with front matter between "---" lines' });
    return null;
  }
  let raw: unknown;
  try {
    raw = parseYaml(frontMatter);
  } catch (error) {
    errors.push({ file, line: frontMatterLine, message: `front matter is not valid YAML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` });
    return null;
  }
  const result = frontMatterSchema.safeParse(raw);
  if (!result.success) {
    for (const issue of result.error.issues) errors.push({ file, line: frontMatterLine, message: `front matter ${issue.path.join('.') || 'file'}: ${issue.message}` });
    return null;
  }
  const description = textOf(rest);
  if (description.length < 50) {
    errors.push({ file, line: rest[0]?.line ?? 1, message: 'the description (Markdown after the front matter) is at least 50 characters: say what happens and who it is for' });
    return null;
  }
  return { meta: result.data, descriptionHtml: renderMarkdown(description) };
}

const iso = (value: string) => new Date(value).toISOString();

/**
 * content/events/*.md → events, in start order. Each file is front matter (checked with zod) and a
 * Markdown description (rendered by the sanitising renderer). A linked lesson must exist in the
 * compiled tracks; `claim` keeps ids unique across all content.
 */
export async function compileEvents(root: string, tracks: readonly Track[], claim: (id: string, file: string) => void): Promise<{ events: CodingEvent[]; errors: ContentError[] }> {
  const errors: ContentError[] = [];
  const dir = path.join(root, 'events');
  if (!existsSync(dir)) return { events: [], errors };
  const rel = (file: string) => path.relative(path.dirname(root), file) || file;
  const lessonTrack = new Map<string, string>();
  for (const track of tracks) for (const tutorial of track.tutorials) for (const chapter of tutorial.chapters) for (const lesson of chapter.lessons) lessonTrack.set(lesson.id, track.id);

  const events: CodingEvent[] = [];
  const names = (await readdir(dir)).filter((name) => name.endsWith('.md')).sort();
  for (const name of names) {
    const file = rel(path.join(dir, name));
    const parsed = parseEventFile(await readFile(path.join(dir, name), 'utf8'), file, errors);
    if (!parsed) continue;
    const { meta, descriptionHtml } = parsed;
    if (`${meta.id}.md` !== name) errors.push({ file, line: 1, message: `id "${meta.id}" must equal the file name "${name.replace(/\.md$/, '')}"` });
    claim(`event:${meta.id}`, file);
    let target: EventTarget | null = null;
    if (meta.lesson !== undefined) {
      const trackId = lessonTrack.get(meta.lesson);
      if (!trackId) {
        errors.push({ file, line: 1, message: `lesson "${meta.lesson}" is not a lesson of any track` });
        continue;
      }
      target = { kind: 'lesson', trackId, lessonId: meta.lesson };
    } else if (meta.template !== undefined) {
      target = { kind: 'template', templateId: meta.template };
    }
    events.push({
      id: meta.id,
      kind: meta.kind,
      title: meta.title,
      summary: meta.summary,
      descriptionHtml,
      startsAt: iso(meta.starts),
      endsAt: iso(meta.ends),
      host: meta.host,
      location: meta.location,
      target,
      repeats: meta.repeats ? { frequency: 'weekly', until: meta.until ? `${meta.until}T23:59:59.000Z` : null } : null,
    });
  }
  events.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.id.localeCompare(b.id));
  return { events, errors };
}
