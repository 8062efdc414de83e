import { ApiError } from '@/lib/api-client/api-error';
import { userMessageOf } from './user-message';

describe('userMessageOf', () => {
  it.each([
    ['an API failure with a server message', new ApiError('saveProject', 409, 'Conflict', 'Someone else changed this project'), 'Could not save the project. Someone else changed this project.'],
    ['an API failure without one', new ApiError('startCheckout', 402, 'Payment Required', null), 'Could not start the checkout. This is part of Codetrail Pro: see the plans to unlock it.'],
    ['another error', new Error('The verification could not run.'), 'The verification could not run.'],
    ['an error without a message', new Error(''), 'Fallback.'],
    ['something thrown that is not an error', 'boom', 'Fallback.'],
  ])('%s', (_case, error, expected) => {
    expect(userMessageOf(error, 'Fallback.')).toBe(expected);
  });

  it('keeps the spec’s wording on the error itself, for code and reports', () => {
    const error = new ApiError('saveProject', 409, 'Conflict', 'Someone else changed this project');
    expect(error.message).toBe('Could not save the project: Conflict (409). Someone else changed this project');
    expect(userMessageOf(error, '')).not.toMatch(/409|Conflict/);
  });
});
