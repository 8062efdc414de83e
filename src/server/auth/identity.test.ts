import { rolesFromClaims } from '@/domain/identity/roles';
import { bearerToken } from './identity';

describe('bearerToken', () => {
  it.each([
    ['Bearer abc.def.ghi', 'abc.def.ghi'],
    ['bearer   token ', 'token'],
    [['Bearer first', 'Bearer second'], 'first'],
  ])('reads %p', (header, expected) => {
    expect(bearerToken(header)).toBe(expected);
  });
  it.each([undefined, '', 'abc', 'Basic abc', 'Bearer', 'Bearer a b'])('refuses %p', (header) => {
    expect(bearerToken(header)).toBeNull();
  });
});

describe('rolesFromClaims', () => {
  it('keeps only non-empty string roles', () => {
    expect(rolesFromClaims({ roles: ['course_engineer', 3, '', null] })).toEqual(['course_engineer']);
    expect(rolesFromClaims({ roles: 'course_engineer' })).toEqual([]);
    expect(rolesFromClaims({})).toEqual([]);
  });
});
