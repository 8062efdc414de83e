import { deploymentKindOf, lessonRoutePrefixOf } from './deployment';

describe('deploymentKindOf', () => {
  it.each([
    [undefined, 'standard'],
    ['', 'standard'],
    ['  ', 'standard'],
    ['standard', 'standard'],
    ['preview', 'preview'],
    [' preview ', 'preview'],
    ['Preview', null],
    ['production', null],
    ['staging', null],
  ])('%j is %s', (value, expected) => {
    expect(deploymentKindOf(value)).toBe(expected);
  });
});

describe('lessonRoutePrefixOf', () => {
  it.each([
    ['standard', '/web'],
    ['preview', '/ssr'],
  ] as const)('%s lessons live under %s', (kind, prefix) => {
    expect(lessonRoutePrefixOf(kind)).toBe(prefix);
  });
});
