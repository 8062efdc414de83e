import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compileContent } from './compile-content';
import { formatContentError } from './content-error';

const DESCRIPTION = 'We solve one puzzle together. <script>alert(1)</script> Bring **questions**.\n';

function eventFile(fields: Record<string, string | undefined> = {}, description = DESCRIPTION): string {
  const meta: Record<string, string | undefined> = {
    id: 'weekly-js',
    kind: 'challenge',
    title: 'Weekly JavaScript challenge',
    summary: '"Every Tuesday: one small puzzle about lists, solved together."',
    starts: '2026-09-01T18:00:00Z',
    ends: '2026-09-01T19:00:00Z',
    host: 'The JavaScript team',
    location: 'Online',
    lesson: 'js-filter',
    ...fields,
  };
  const front = Object.entries(meta)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${key}: ${value}`)
    .join('\n');
  return `---\n${front}\n---\n\n${description}`;
}

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A content folder with one small JavaScript track (lesson js-filter) and the given event files. */
function contentWithEvents(events: Record<string, string>): string {
  const root = path.join(mkdtempSync(path.join(tmpdir(), 'codetrail-events-')), 'content');
  roots.push(path.dirname(root));
  const lesson = '---\nid: js-filter\ntitle: Keep some items\ninteraction: multiple-choice\n---\n\n# --explanation--\nfilter keeps items.\n\n# --hints--\n- Think.\n\n# --question--\nWhich?\n\n# --choices--\n- [x] a\n- [ ] b\n  Why: b is not it.\n';
  const files: Record<string, string> = {
    'tracks/js/track.yaml': 'id: js\ntitle: JavaScript\ndescription: Learn JS.\nsections:\n  - title: Start\n    tutorials: [js-lists]\n',
    'tracks/js/js-lists/tutorial.yaml': 'id: js-lists\ntitle: Lists\ndescription: Lists.\nkind: course\n',
    'tracks/js/js-lists/01-filter/chapter.yaml': 'id: js-filter-chapter\ntitle: Filter\n',
    'tracks/js/js-lists/01-filter/01-filter.md': lesson,
    ...Object.fromEntries(Object.entries(events).map(([name, text]) => [`events/${name}`, text])),
  };
  for (const [file, text] of Object.entries(files)) {
    const full = path.join(root, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
  return root;
}

describe('events content', () => {
  it('compiles events in start order: UTC instants, weekly series, targets, sanitised description', async () => {
    const { content, errors } = await compileContent(
      contentWithEvents({
        'weekly-js.md': eventFile({ repeats: 'weekly', until: '2027-06-29' }),
        'berlin-workshop.md': eventFile({ id: 'berlin-workshop', kind: 'workshop', starts: '2026-08-20T19:00:00+02:00', ends: '2026-08-20T20:30:00+02:00', lesson: undefined, template: 'web' }),
        'study.md': eventFile({ id: 'study', kind: 'study-session', starts: '2026-10-01T09:00:00Z', ends: '2026-10-01T10:00:00Z', lesson: undefined }),
      }),
    );
    expect(errors.map(formatContentError)).toEqual([]);
    expect(content.events?.map((event) => [event.id, event.startsAt, event.endsAt, event.target, event.repeats])).toEqual([
      ['berlin-workshop', '2026-08-20T17:00:00.000Z', '2026-08-20T18:30:00.000Z', { kind: 'template', templateId: 'web' }, null],
      ['weekly-js', '2026-09-01T18:00:00.000Z', '2026-09-01T19:00:00.000Z', { kind: 'lesson', trackId: 'js', lessonId: 'js-filter' }, { frequency: 'weekly', until: '2027-06-29T23:59:59.000Z' }],
      ['study', '2026-10-01T09:00:00.000Z', '2026-10-01T10:00:00.000Z', null, null],
    ]);
    const html = content.events?.find((event) => event.id === 'weekly-js')?.descriptionHtml ?? '';
    expect(html).toContain('<strong>questions</strong>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('<script>');
  });

  it('leaves events out of content that has none', async () => {
    const { content, errors } = await compileContent(contentWithEvents({}));
    expect(errors).toEqual([]);
    expect(content.events).toBeUndefined();
  });

  it.each<[string, Record<string, string>, RegExp]>([
    ['an id that is not the file name', { 'other.md': eventFile() }, /events\/other\.md:1: id "weekly-js" must equal the file name "other"/],
    ['an end before the start', { 'weekly-js.md': eventFile({ ends: '2026-09-01T17:00:00Z' }) }, /events\/weekly-js\.md:2: front matter ends: must be after starts/],
    ['an end equal to the start', { 'weekly-js.md': eventFile({ ends: '2026-09-01T18:00:00Z' }) }, /ends: must be after starts/],
    ['a time without an offset', { 'weekly-js.md': eventFile({ starts: '2026-09-01T18:00:00' }) }, /starts: write a date and time with its offset/],
    ['a date that does not exist', { 'weekly-js.md': eventFile({ starts: '2026-02-30T18:00:00Z' }) }, /starts: is not a real date and time/],
    ['an event longer than 12 hours', { 'weekly-js.md': eventFile({ ends: '2026-09-02T19:00:00Z' }) }, /lasts at most 12 hours/],
    ['an unknown lesson', { 'weekly-js.md': eventFile({ lesson: 'js-nope' }) }, /lesson "js-nope" is not a lesson of any track/],
    ['an unknown template', { 'weekly-js.md': eventFile({ lesson: undefined, template: 'cobol' }) }, /front matter template: Invalid option/],
    ['a challenge without a lesson or template', { 'weekly-js.md': eventFile({ lesson: undefined }) }, /a challenge links a lesson/],
    ['a lesson and a template', { 'weekly-js.md': eventFile({ template: 'web' }) }, /link a lesson or a template, not both/],
    ['until without repeats', { 'weekly-js.md': eventFile({ until: '2027-01-01' }) }, /only a repeating event has an end day/],
    ['until before the first occurrence', { 'weekly-js.md': eventFile({ repeats: 'weekly', until: '2026-08-01' }) }, /until: is before the first occurrence/],
    ['an unknown kind', { 'weekly-js.md': eventFile({ kind: 'party' }) }, /front matter kind/],
    ['an unknown field', { 'weekly-js.md': eventFile({ price: '10' }) }, /Unrecognized key.*price/],
    ['a short description', { 'weekly-js.md': eventFile({}, 'Soon.') }, /the description .* is at least 50 characters/],
    ['no front matter', { 'weekly-js.md': 'Just text.' }, /starts with front matter/],
    ['broken YAML', { 'weekly-js.md': '---\nid: [\n---\nText' }, /front matter is not valid YAML/],
    ['an id used twice', { 'weekly-js.md': eventFile(), 'weekly-js-2.md': eventFile() }, /id "event:weekly-js" is already used by/],
    ['an overlong id', { 'weekly-js.md': eventFile({ id: 'a'.repeat(65) }) }, /front matter id/],
  ])('refuses %s, naming the file', async (_, files, message) => {
    const { errors } = await compileContent(contentWithEvents(files));
    expect(errors.map(formatContentError).join('\n')).toMatch(message);
  });

  it('compiles the repository events without errors', async () => {
    const { content, errors } = await compileContent(path.resolve('content'));
    expect(errors.filter((error) => error.file.includes('events/')).map(formatContentError)).toEqual([]);
    expect(content.events?.length).toBeGreaterThanOrEqual(6);
    expect(content.events?.some((event) => event.repeats)).toBe(true);
  });
});
