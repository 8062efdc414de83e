import { capOutput, childMessageSchema, MAX_RESULT_OUTPUT_CHARS } from './sandbox-protocol';

describe('capOutput', () => {
  it.each([
    ['', ''],
    ['short\n', 'short\n'],
  ])('keeps output within the cap as it is (%j)', (input, expected) => {
    expect(capOutput(input)).toBe(expected);
  });

  it('cuts longer output and says so', () => {
    const capped = capOutput('x'.repeat(MAX_RESULT_OUTPUT_CHARS + 10));
    expect(capped.startsWith('x'.repeat(MAX_RESULT_OUTPUT_CHARS))).toBe(true);
    expect(capped).toMatch(/output cut at 64 KB/);
  });
});

describe('messages from a sandbox process are untrusted', () => {
  const ran = { status: 'ran', passed: true, output: '', error: null, timedOut: false, checks: [{ index: 0, type: 'output-equals', passed: true, message: null }] };

  it.each([
    ['a result', { type: 'result', id: 1, result: ran }, true],
    ['ready', { type: 'ready', lessonType: 'Python' }, true],
    ['an unknown message', { type: 'exec', command: 'rm -rf /' }, false],
    ['an unknown check type', { type: 'result', id: 1, result: { ...ran, checks: [{ index: 0, type: 'shell', passed: true, message: null }] } }, false],
    ['output beyond the cap', { type: 'result', id: 1, result: { ...ran, output: 'x'.repeat(MAX_RESULT_OUTPUT_CHARS + 1000) } }, false],
    ['a result without its checks', { type: 'result', id: 1, result: { status: 'ran', passed: true } }, false],
    ['an unknown language', { type: 'ready', lessonType: 'Bash' }, false],
  ])('%s: accepted %s', (_label, message, accepted) => {
    expect(childMessageSchema.safeParse(message).success).toBe(accepted);
  });
});

describe('what a check result says reaches the server', () => {
  it("keeps a passed check's label and a failed check's detail", () => {
    const checks = [
      { index: 0, type: 'sql-result', passed: true, message: null, label: 'Returns the right 2 rows with title' },
      { index: 1, type: 'sql-result', passed: false, message: 'List the books.', detail: 'Your result is missing the column `year`.' },
    ];
    const parsed = childMessageSchema.parse({ type: 'result', id: 1, result: { status: 'ran', passed: false, output: '', error: null, timedOut: false, checks } });
    expect(parsed.type === 'result' && parsed.result.status === 'ran' ? parsed.result.checks : null).toEqual(checks);
  });
});
