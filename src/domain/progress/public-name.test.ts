import { publicNameSchema, shownName } from './public-name';

describe('shownName', () => {
  it.each([
    ['a chosen name first', { id: 'abcd1234', publicName: 'Ada L.', displayName: 'Ada Lovelace' }, 'Ada L.'],
    ['the identity’s name without one', { id: 'abcd1234', publicName: null, displayName: 'Ada Lovelace' }, 'Ada Lovelace'],
    ['blank names fall through', { id: 'abcd12xy', publicName: '  ', displayName: ' ' }, 'Learner 12XY'],
    ['no names at all', { id: 'uid-9f3k', publicName: null, displayName: null }, 'Learner 9F3K'],
  ])('%s', (_case, user, expected) => {
    expect(shownName(user)).toBe(expected);
  });
});

describe('publicNameSchema', () => {
  it.each([
    ['a plain name', 'Ada', 'Ada'],
    ['spaces are tidied', '  Grace   Hopper ', 'Grace Hopper'],
    ['letters of any script', 'Łukasz Żółć', 'Łukasz Żółć'],
    ['apostrophes and hyphens', "Mary-Jane O'Neil", "Mary-Jane O'Neil"],
    ['digits and underscores', 'coder_42', 'coder_42'],
    ['40 characters', 'a'.repeat(40), 'a'.repeat(40)],
  ])('accepts %s', (_case, input, expected) => {
    expect(publicNameSchema.parse(input)).toBe(expected);
  });

  it.each([
    ['too short', 'A', /at least 2/],
    ['only spaces', '    ', /at least 2/],
    ['too long', 'a'.repeat(41), /at most 40/],
    ['markup', '<b>Ada</b>', /letters, digits/],
    ['a control character', 'Ada\u0007', /letters, digits/],
    ['a right-to-left override', 'Ada\u202Egol', /letters, digits/],
    ['an email', 'ada@example', /letters, digits|email/],
    ['a number', 42, /must be text/],
  ])('refuses %s', (_case, input, message) => {
    const result = publicNameSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message).join(' ')).toMatch(message);
  });
});
