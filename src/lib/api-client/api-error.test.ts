import { STATUS_CODES } from 'node:http';
import { createApiClient } from './api-client';
import { ApiError, humanApiErrorMessage, nextStepFor } from './api-error';

const STATUSES = Array.from({ length: 200 }, (_, index) => 400 + index);
const statusTextOf = (status: number) => STATUS_CODES[status] ?? '';

/** What must never reach a learner: the status text, the code, or any "(4xx)"-like code in brackets. */
function expectHuman(message: string, status: number): void {
  const text = statusTextOf(status);
  if (text) expect(message.toLowerCase()).not.toContain(text.toLowerCase());
  expect(message).not.toContain(String(status));
  expect(message).not.toMatch(/\(\s*\d{3}\s*\)|\b[45]xx\b/i);
  // One sentence from the catalogue, then one that says what to do.
  expect(message).toMatch(/^Could not [^.]+\. [A-Z].+[.!?]$/);
}

describe('what a learner reads of an API failure never shows the status (400 to 599)', () => {
  it.each(STATUSES)('%i, with no server message, with one that only repeats the status, and with a real one', (status) => {
    const text = statusTextOf(status);
    for (const serverMessage of [null, '', text, `${status} ${text}`, String(status)]) {
      const message = humanApiErrorMessage('Could not save the project', status, text, serverMessage || null);
      expectHuman(message, status);
      expect(message).toBe(`Could not save the project. ${nextStepFor(status)}`);
    }
    expect(humanApiErrorMessage('Could not save the project', status, text, 'The project has too many files')).toBe('Could not save the project. The project has too many files.');
  });

  it.each(STATUSES)('%i through the API client', async (status) => {
    const text = statusTextOf(status);
    const client = createApiClient({
      baseUrl: '/api/v1',
      getToken: async () => null,
      fetch: async () => new Response(null, { status, statusText: text }),
      onUnexpectedFailure: () => undefined,
    });
    const error = await client.request({ path: '/x', errorKey: 'createMachine' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expectHuman((error as ApiError).userMessage, status);
    // The error itself keeps spec §8's wording, status included, for code and reports.
    expect((error as ApiError).message).toBe(`Could not create the machine: ${text || 'Error'} (${status})`);
    // Code and reports still know the status.
    expect(error).toMatchObject({ status, statusText: text });
  });

  it.each([
    [400, 'Check what you entered and try again.'],
    [401, 'Your session has ended: sign in again, then try once more.'],
    [402, 'This is part of Codetrail Pro: see the plans to unlock it.'],
    [404, 'It is not there any more: it may have been deleted. Reload the page to see what is.'],
    [409, 'It changed in the meantime. Reload the page and try again.'],
    [429, 'That was a lot of tries at once. Wait a minute, then try again.'],
    [451, 'Reload the page and try again.'],
    [503, 'Something went wrong on our side. Try again in a moment.'],
  ])('%i: says what to do next', (status, step) => {
    expect(nextStepFor(status)).toBe(step);
  });

  it('no answer at all: check the connection', () => {
    expect(humanApiErrorMessage('Could not fetch your profile', 0, 'Network error', null)).toBe('Could not fetch your profile. Check your connection and try again.');
  });
});
