import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { SessionState } from '@/lib/auth/session-sync';
import { AuthUserTestProvider, type AuthUser } from '../auth-user-context';
import { SignUpOrIn } from './sign-up-or-in';

/** Firebase is replaced: what is tested is the page's choice of form, the calls it makes and where it goes after. */
const mockCreateUser = jest.fn();
const mockSignIn = jest.fn();
const mockUpdateProfile = jest.fn();
jest.mock('firebase/auth', () => ({
  createUserWithEmailAndPassword: (...args: unknown[]) => mockCreateUser(...args),
  signInWithEmailAndPassword: (...args: unknown[]) => mockSignIn(...args),
  updateProfile: (...args: unknown[]) => mockUpdateProfile(...args),
}));
jest.mock('../firebase-client', () => ({ clientAuth: () => 'auth' }));
let mockSession: SessionState = { status: 'unknown', uid: null, error: null };
jest.mock('../session/session-store', () => ({ useSessionState: () => mockSession }));
const mockReplace = jest.fn();
jest.mock('next/router', () => ({ useRouter: () => ({ asPath: '/web2app/signup', query: {}, replace: mockReplace, push: jest.fn() }) }));

const NEXT = '/web2app/subscribe?redirectUrl=codetrail%3A%2F%2Fsubscription%2Fsuccess';
const visitor: AuthUser = { id: null, email: null, displayName: null, roles: [], isCourseEngineer: false, clientInitialized: true, needClient: () => undefined, getIdToken: async () => null, signOut: async () => undefined };

function renderPage(user: AuthUser = visitor) {
  return render(
    <AuthUserTestProvider value={user}>
      <SignUpOrIn destination={NEXT} title="Create your Codetrail account" />
    </AuthUserTestProvider>,
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('SignUpOrIn', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    mockSession = { status: 'unknown', uid: null, error: null };
  });

  it('offers to create an account, or to sign in instead, on the same page', () => {
    renderPage();
    expect(screen.getByRole('form', { name: 'Create account' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'I already have an account' }));
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Create account' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create an account instead' }));
    expect(screen.getByRole('form', { name: 'Create account' })).toBeInTheDocument();
  });

  it('creates the account with the learner’s name', async () => {
    const user = { getIdToken: jest.fn(async () => 'token') };
    mockCreateUser.mockResolvedValue({ user });
    renderPage();
    type('Your name', 'Ada');
    type('Email', ' ada@example.com ');
    type('Password', 'secret123');
    type('Confirm password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(user.getIdToken).toHaveBeenCalledWith(true));
    expect(mockCreateUser).toHaveBeenCalledWith('auth', 'ada@example.com', 'secret123');
    expect(mockUpdateProfile).toHaveBeenCalledWith(user, { displayName: 'Ada' });
  });

  it('signs in and shows why it could not', async () => {
    mockSignIn.mockRejectedValue(Object.assign(new Error('wrong'), { code: 'auth/invalid-credential' }));
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'I already have an account' }));
    type('Email', 'ada@example.com');
    type('Password', 'nope-nope');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
    expect(mockSignIn).toHaveBeenCalledWith('auth', 'ada@example.com', 'nope-nope');
    expect(await screen.findByRole('alert')).not.toBeEmptyDOMElement();
  });

  it('sends a signed-in learner on to the destination once the session is set', async () => {
    mockSession = { status: 'active', uid: 'u1', error: null };
    renderPage({ ...visitor, id: 'u1', email: 'ada@example.com' });
    await waitFor(() => expect(mockReplace).toHaveBeenCalledWith(NEXT));
  });
});
