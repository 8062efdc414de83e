import { appendConsoleLine, previewMessageSchema, PREVIEW_CONSOLE, PREVIEW_CONSOLE_LINES, PREVIEW_READY } from './preview-messages';

describe('previewMessageSchema', () => {
  it.each([
    [{ type: PREVIEW_READY }, true],
    [{ type: PREVIEW_CONSOLE, level: 'log', text: 'hi' }, true],
    [{ type: PREVIEW_CONSOLE, level: 'error', text: 'x'.repeat(2000) }, true],
    [{ type: PREVIEW_CONSOLE, level: 'error', text: 'x'.repeat(2001) }, false],
    [{ type: PREVIEW_CONSOLE, level: 'debug', text: 'hi' }, false],
    [{ type: PREVIEW_CONSOLE, level: 'error', text: 'x is not defined', line: 57, column: 3 }, true],
    [{ type: PREVIEW_CONSOLE, level: 'error', text: 'x', line: 0 }, false],
    [{ type: PREVIEW_CONSOLE, level: 'error', text: 'x', line: 1.5 }, false],
    [{ type: PREVIEW_CONSOLE, level: 'error', text: 'x', line: '57' }, false],
    [{ type: PREVIEW_CONSOLE, level: 'error', text: 'x', line: 3, column: -1 }, false],
    [{ type: PREVIEW_CONSOLE, level: 'error', text: 'x', line: 1e12 }, false],
    [{ type: PREVIEW_CONSOLE, level: 'log', text: { toString: 'x' } }, false],
    [{ type: 'codetrail-preview-render', html: '<p>' }, false],
    [null, false],
    ['ready', false],
  ])('%p → %p', (message, ok) => expect(previewMessageSchema.safeParse(message).success).toBe(ok));
});

describe('appendConsoleLine', () => {
  it('keeps the newest lines only', () => {
    let lines = appendConsoleLine([], { level: 'log', text: '0' });
    for (let index = 1; index < PREVIEW_CONSOLE_LINES + 5; index += 1) lines = appendConsoleLine(lines, { level: 'log', text: String(index) });
    expect(lines).toHaveLength(PREVIEW_CONSOLE_LINES);
    expect(lines[0]?.text).toBe('5');
    expect(lines.at(-1)?.text).toBe(String(PREVIEW_CONSOLE_LINES + 4));
  });
});
