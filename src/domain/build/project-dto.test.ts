import {
  createProjectBodySchema,
  createSnapshotBodySchema,
  isRandomId,
  projectSchema,
  renameProjectBodySchema,
  saveProjectFilesBodySchema,
  sharedProjectSchema,
} from './project-dto';

const issues = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');

describe('isRandomId', () => {
  it.each([
    ['abcdefghijklmnopqrst', true],
    ['a2b3c4d5e6f7g7h2i3j4', true],
    ['abcdefghijklmnopqrs', false],
    ['abcdefghijklmnopqrstu', false],
    ['ABCDEFGHIJKLMNOPQRST', false],
    ['abcdefghijklmnopqrs1', false],
    ['abcdefghijklmnopqrs0', false],
    ['../../../../../etc/pa', false],
    ['', false],
  ])('%j: %s', (value, expected) => {
    expect(isRandomId(value)).toBe(expected);
  });
});

describe('request bodies', () => {
  it.each<[string, { safeParse: (value: unknown) => { success: boolean; data?: unknown } }, unknown, unknown]>([
    ['a new project from a template', createProjectBodySchema, { template: 'web' }, { template: 'web' }],
    ['a new project with a tidied title', createProjectBodySchema, { template: 'sql', title: '  Plant   shop ' }, { template: 'sql', title: 'Plant shop' }],
    ['a rename', renameProjectBodySchema, { title: 'Quiz' }, { title: 'Quiz' }],
    ['a save', saveProjectFilesBodySchema, { files: [{ path: 'main.py', content: '' }] }, { files: [{ path: 'main.py', content: '' }] }],
    ['a save against a revision', saveProjectFilesBodySchema, { files: [], baseRevision: 3 }, { files: [], baseRevision: 3 }],
    ['a snapshot without a body', createSnapshotBodySchema, undefined, undefined],
    ['a snapshot with a label', createSnapshotBodySchema, { label: ' Before colours ' }, { label: 'Before colours' }],
  ])('accepts %s', (_case, schema, input, expected) => {
    const result = schema.safeParse(input);
    expect(result.success).toBe(true);
    expect(result.data).toEqual(expected);
  });

  it.each<[string, { safeParse: (value: unknown) => { success: boolean } }, unknown, RegExp]>([
    ['an unknown template', createProjectBodySchema, { template: 'cobol' }, /template/],
    ['an unknown field', createProjectBodySchema, { template: 'web', owner: 'someone-else' }, /owner/],
    ['an empty title', createProjectBodySchema, { template: 'web', title: ' ' }, /title: The title can't be empty/],
    ['a long title', renameProjectBodySchema, { title: 'a'.repeat(81) }, /title: The title can be at most 80/],
    ['a title that is not text', renameProjectBodySchema, { title: 7 }, /title/],
    ['an unknown field in a file', saveProjectFilesBodySchema, { files: [{ path: 'a.py', content: '', mode: 'x' }] }, /files\.0/],
    ['files that are not a list', saveProjectFilesBodySchema, { files: { path: 'a.py' } }, /files/],
    ['content that is not text', saveProjectFilesBodySchema, { files: [{ path: 'a.py', content: null }] }, /files\.0\.content/],
    ['a fractional revision', saveProjectFilesBodySchema, { files: [], baseRevision: 1.5 }, /baseRevision must be a whole number/],
    ['revision 0', saveProjectFilesBodySchema, { files: [], baseRevision: 0 }, /baseRevision starts at 1/],
    ['a revision past the column', saveProjectFilesBodySchema, { files: [], baseRevision: 2 ** 31 }, /baseRevision is at most/],
    ['a revision as text', saveProjectFilesBodySchema, { files: [], baseRevision: '3' }, /baseRevision/],
    ['an unknown field in a snapshot', createSnapshotBodySchema, { label: 'x', files: [] }, /files/],
    ['a long label', createSnapshotBodySchema, { label: 'a'.repeat(61) }, /label: The label can be at most 60/],
  ])('refuses %s', (_case, schema, input, message) => {
    const result = schema.safeParse(input) as Parameters<typeof issues>[0];
    expect(result.success).toBe(false);
    expect(issues(result)).toMatch(message);
  });
});

describe('answers', () => {
  it('parses a whole project and a shared one', () => {
    const project = {
      id: 'abcdefghijklmnopqrst',
      title: 'Quiz',
      language: 'python',
      source: 'template',
      sourceRef: 'python',
      files: [{ path: 'main.py', content: 'print(1)' }],
      revision: 2,
      shared: true,
      sharePath: '/web/shared/abcdefghijklmnopqrst',
      remixedFrom: null,
      createdAt: '2026-11-24T12:00:00.000Z',
      updatedAt: '2026-11-24T12:05:00.000Z',
    };
    expect(projectSchema.parse(project)).toEqual(project);
    expect(() => projectSchema.parse({ ...project, language: 'cobol' })).toThrow();
    const shared = { id: project.id, title: 'Quiz', language: 'python', files: project.files, authorName: 'Ada', remixedFrom: { title: 'Quiz night', authorName: 'Bo', sharePath: null }, updatedAt: project.updatedAt };
    expect(sharedProjectSchema.parse(shared)).toEqual(shared);
    expect(() => projectSchema.parse({ ...project, remixedFrom: { title: 'Quiz night' } })).toThrow();
  });
});
