import { createReportBodySchema, updateReportBodySchema } from './lesson-report';

const valid = {
  trackId: 'python',
  tutorialId: 'python-basics',
  chapterId: 'first-steps',
  lessonId: 'py-hello-print',
  mode: 'learn',
  note: 'The check refuses a right answer.',
  files: [{ name: 'main.py', userContent: 'print("hi")' }],
  output: 'hi\n',
  browser: { userAgent: 'Mozilla/5.0', language: 'en-GB', viewport: '390x844', theme: 'dark' },
};

describe('a lesson report', () => {
  it('takes a full report, and a minimal one (no files or output)', () => {
    expect(createReportBodySchema.parse(valid)).toEqual(valid);
    const { files: _files, output: _output, ...minimal } = valid;
    expect(createReportBodySchema.parse(minimal)).toMatchObject({ files: [], output: '' });
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    ['an empty note', { note: '  ' }, /Say what went wrong/],
    ['a long note', { note: 'x'.repeat(2_001) }, /at most 2000/],
    ['a made-up id', { lessonId: '../x' }, /letters, digits/],
    ['an unknown mode', { mode: 'cheat' }, /mode/],
    ['too many files', { files: Array.from({ length: 21 }, (_, index) => ({ name: `f${index}.py`, userContent: '' })) }, /At most 20 files/],
    ['a huge file', { files: [{ name: 'main.py', userContent: 'x'.repeat(100_001) }] }, /at most 100000/],
    ['a huge output', { output: 'x'.repeat(20_001) }, /at most 20000/],
    ['a malformed viewport', { browser: { userAgent: 'x', language: 'en', viewport: 'big' } }, /WIDTHxHEIGHT/],
    ['a status set by the reporter', { status: 'fixed' }, /Unrecognized key/],
  ])('refuses %s', (_name, change, message) => {
    const result = createReportBodySchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message).join('; ')).toMatch(message);
  });

  it.each([
    ['new', true],
    ['fixed', true],
    ['wont-fix', true],
    ['done', false],
    ['', false],
  ])('status %j is %s', (status, ok) => {
    expect(updateReportBodySchema.safeParse({ status }).success).toBe(ok);
  });
});
