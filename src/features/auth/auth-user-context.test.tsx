import { render, screen } from '@testing-library/react';
import { AuthUserTestProvider, useAuthUser, type AuthUser } from './auth-user-context';

function ShowName() {
  return <p>{useAuthUser().displayName}</p>;
}

describe('useAuthUser', () => {
  it('throws a clear error outside the provider', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<ShowName />)).toThrow(/useAuthUser\(\) was called outside <AuthUserProvider>/);
    spy.mockRestore();
  });

  it('returns the user inside the provider', () => {
    const user: AuthUser = {
      id: 'u1',
      email: 'ada@example.com',
      displayName: 'Ada',
      roles: [],
      isCourseEngineer: false,
      clientInitialized: true,
      needClient: () => undefined,
      getIdToken: async () => 'token',
      signOut: async () => undefined,
    };
    render(
      <AuthUserTestProvider value={user}>
        <ShowName />
      </AuthUserTestProvider>,
    );
    expect(screen.getByText('Ada')).toBeInTheDocument();
  });
});
