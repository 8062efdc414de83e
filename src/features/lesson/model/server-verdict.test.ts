import type { ServerVerdict } from '@/lib/api-client/learning-endpoints';
import { serverRefusalText } from './server-verdict';

const check = (passed: boolean, hidden: boolean, message: string | null = passed ? null : 'Print the sum for any list.') => ({ type: hidden ? 'rerun' : 'output-equals', passed, message, hidden });

describe('serverRefusalText', () => {
  it.each<[string, ServerVerdict, string]>([
    ['a hidden check failed', { passed: false, checks: [check(true, false), check(false, true)], error: null }, 'Almost! Your program passes the checks you can see, but not the server’s check with other values it has not seen: Print the sum for any list.'],
    ['a visible check failed', { passed: false, checks: [check(false, false, 'Print 10.'), check(false, true)], error: null }, 'Not yet: Print 10.'],
    ['the program stopped', { passed: false, checks: [check(false, false, 'Print 10.')], error: { type: 'NameError', message: "name 'x' is not defined", line: 2, file: 'main.py' } }, "Not yet: when the server ran your code it stopped with NameError: name 'x' is not defined"],
    ['only in the rerun it stopped', { passed: false, checks: [check(true, false), check(false, true)], error: { type: 'ZeroDivisionError', message: 'division by zero', line: 3, file: 'main.py' } }, 'Almost! Your program passes the checks you can see, but not the server’s check with other values it has not seen: Print the sum for any list.'],
    ['an answer', { passed: false, checks: [], error: null, items: [true, false] }, 'Not quite: the server checked your answer and it is not right yet. Look again and check once more.'],
  ])('%s', (_label, verdict, text) => {
    expect(serverRefusalText(verdict)).toBe(text);
  });
});
