import { PAGE_STORAGE_LIMIT_CHARS } from '../page-storage';
import { pageFrameMessageSchema, runtimeMessageSchema } from './sandbox-message-schemas';
import { MESSAGE_LIMIT_CHARS, OUTPUT_LIMIT_CHARS } from './sandbox-messages';

const ran = { status: 'ran', error: null, assertionFailures: [[0, null]], queryResult: null, pageChecks: [] };

describe('runtimeMessageSchema', () => {
  it.each([
    ['ready', { type: 'ready' }],
    ['failed', { type: 'failed', message: 'Python could not start.' }],
    ['output', { type: 'output', id: 1, text: 'Hello\n' }],
    ['a result', { type: 'result', id: 2, outcome: ran }],
    ['a result with an error', { type: 'result', id: 2, outcome: { ...ran, error: { type: 'NameError', message: "name 'x' is not defined", line: 3, file: 'main.py' } } }],
    ['a query result', { type: 'result', id: 3, outcome: { ...ran, queryResult: { columns: ['a', 'b'], rows: [[1, 'x'], [null, new Uint8Array([1])]] } } }],
    ['an unsupported run', { type: 'result', id: 4, outcome: { status: 'unsupported', reason: 'No Python file.' } }],
    ['an input request', { type: 'input-request', id: 5, prompt: 'Your name? ' }],
    ['an input request with no prompt', { type: 'input-request', id: 5, prompt: '' }],
  ])('accepts %s', (_name, message) => {
    expect(runtimeMessageSchema.safeParse(message).success).toBe(true);
  });

  it.each([
    ['not an object', 'ready'],
    ['null', null],
    ['an unknown type', { type: 'navigate', url: '/api/v1/user/me' }],
    ['output without a run id', { type: 'output', text: 'x' }],
    ['output over the limit', { type: 'output', id: 1, text: 'x'.repeat(OUTPUT_LIMIT_CHARS + 1) }],
    ['a run id that is not a number', { type: 'output', id: '1', text: 'x' }],
    ['a result without an outcome', { type: 'result', id: 1 }],
    ['an error message over the limit', { type: 'result', id: 1, outcome: { ...ran, error: { type: 'E', message: 'x'.repeat(MESSAGE_LIMIT_CHARS + 2), line: null, file: null } } }],
    ['a check index that is not a whole number', { type: 'result', id: 1, outcome: { ...ran, assertionFailures: [[0.5, null]] } }],
    ['a negative check index', { type: 'result', id: 1, outcome: { ...ran, pageChecks: [[-1, true]] } }],
    ['a passed check that is not a boolean', { type: 'result', id: 1, outcome: { ...ran, pageChecks: [[0, 'yes']] } }],
    ['an input request without a prompt', { type: 'input-request', id: 1 }],
    ['an input request whose prompt is not text', { type: 'input-request', id: 1, prompt: { toString: 'x' } }],
    ['an input request whose prompt is over the limit', { type: 'input-request', id: 1, prompt: 'x'.repeat(MESSAGE_LIMIT_CHARS + 2) }],
    ['an input request without a run id', { type: 'input-request', prompt: 'Name?' }],
    ['an input request for run 0', { type: 'input-request', id: 0, prompt: 'Name?' }],
    ['a query cell that is an object', { type: 'result', id: 1, outcome: { ...ran, queryResult: { columns: ['a'], rows: [[{ toString: 'x' }]] } } }],
  ])('refuses %s', (_name, message) => {
    expect(runtimeMessageSchema.safeParse(message).success).toBe(false);
  });
});

describe('pageFrameMessageSchema', () => {
  it.each([
    ['index and outcome pairs', { type: 'page-checks', results: [[0, true], [2, false]], resume: null, nonce: 'ab12' }],
    ['a reload to resume from', { type: 'page-checks', results: [[0, true]], resume: { index: 1, after: 3, storage: [['todos', '["Buy milk"]']] }, nonce: 'ab12' }],
    ['a page\'s storage', { type: 'page-storage', items: [['visits', '2'], ['', '']] }],
    ['storage right at its limit', { type: 'page-storage', items: [['k', 'x'.repeat(PAGE_STORAGE_LIMIT_CHARS - 1)]] }],
  ])('accepts %s', (_name, message) => {
    expect(pageFrameMessageSchema.safeParse(message).success).toBe(true);
  });

  it.each([
    ['strings', { type: 'page-checks', results: [['0', 'true']], resume: null }],
    ['too many results', { type: 'page-checks', results: Array.from({ length: 1001 }, (_, i) => [i, true]), resume: null }],
    ['a resume after no step', { type: 'page-checks', results: [], resume: { index: 1, after: 0, storage: [] } }],
    ['another type', { type: 'render', html: '<p>x</p>' }],
    ['storage over its limit', { type: 'page-storage', items: [['k', 'x'.repeat(PAGE_STORAGE_LIMIT_CHARS)]] }],
    ['storage values that are not text', { type: 'page-storage', items: [['k', 1]] }],
    ['storage as an object', { type: 'page-storage', items: { todos: '[]' } }],
  ])('refuses %s', (_name, message) => {
    expect(pageFrameMessageSchema.safeParse(message).success).toBe(false);
  });
});
