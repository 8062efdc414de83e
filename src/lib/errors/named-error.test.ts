import { isNamedError } from './named-error';

class Original extends Error {
  override name = 'Original';
}

describe('isNamedError', () => {
  it('knows an error by its class name, whichever copy of the class made it', () => {
    class Copy extends Error {
      override name = 'Original';
    }
    expect(isNamedError<Original>(new Original('a'), 'Original')).toBe(true);
    expect(isNamedError<Original>(new Copy('b'), 'Original')).toBe(true);
    expect(isNamedError<Original>(new Error('c'), 'Original')).toBe(false);
    expect(isNamedError<Original>({ name: 'Original', message: 'not an Error' }, 'Original')).toBe(false);
    expect(isNamedError<Original>(null, 'Original')).toBe(false);
  });
});
