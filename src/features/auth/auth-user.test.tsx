import { parseSerializedUser } from './auth-user';

describe('parseSerializedUser', () => {
  it('reads the server-rendered user with its token and claims', () => {
    const serialized = JSON.stringify({ id: 'u1', email: 'a@b.co', displayName: 'Ada', claims: { roles: ['course_engineer'] }, _token: 'tok' });
    expect(parseSerializedUser(serialized)).toEqual({ id: 'u1', email: 'a@b.co', displayName: 'Ada', claims: { roles: ['course_engineer'] }, token: 'tok' });
  });

  it.each([undefined, '', 'not json', 'null', '[]', JSON.stringify({ id: null }), JSON.stringify({ email: 'x' })])('treats %p as nobody', (value) => {
    expect(parseSerializedUser(value)).toBeNull();
  });
});
