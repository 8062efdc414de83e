import { hasErrors, validateEmail, validateLogin, validatePasswordChange, validateRegistration } from './credentials';

describe('validateEmail', () => {
  it.each(['ada@example.com', ' ada.lovelace+code@sub.example.org '])('accepts %s', (email) => {
    expect(validateEmail(email)).toBeUndefined();
  });
  it.each([
    ['', 'Enter your email address.'],
    ['ada', 'Enter a valid email address, like name@example.com.'],
    ['ada@example', 'Enter a valid email address, like name@example.com.'],
    ['a da@example.com', 'Enter a valid email address, like name@example.com.'],
    ['@example.com', 'Enter a valid email address, like name@example.com.'],
  ])('refuses %p', (email, message) => {
    expect(validateEmail(email)).toBe(message);
  });
});

describe('validateRegistration', () => {
  const valid = { displayName: 'Ada', email: 'ada@example.com', password: 'secret1', confirmPassword: 'secret1' };
  it('accepts a complete form', () => {
    expect(hasErrors(validateRegistration(valid))).toBe(false);
  });
  it('refuses a password shorter than 6 characters', () => {
    expect(validateRegistration({ ...valid, password: '12345', confirmPassword: '12345' }).password).toBe(
      'Use at least 6 characters for your password.',
    );
  });
  it('accepts exactly 6 characters', () => {
    expect(validateRegistration({ ...valid, password: '123456', confirmPassword: '123456' }).password).toBeUndefined();
  });
  it('refuses a confirmation that does not match', () => {
    expect(validateRegistration({ ...valid, confirmPassword: 'secret2' }).confirmPassword).toBe('The two passwords do not match.');
  });
  it('needs a name', () => {
    expect(validateRegistration({ ...valid, displayName: '   ' }).displayName).toBe('Tell us what to call you.');
    expect(validateRegistration({ ...valid, displayName: 'x'.repeat(61) }).displayName).toMatch(/under 60/);
  });
});

describe('validateLogin', () => {
  it('needs both fields', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: 'Enter your email address.',
      password: 'Enter your password.',
    });
  });
  it('does not judge the length of an existing password', () => {
    expect(validateLogin({ email: 'a@b.co', password: '1' })).toEqual({});
  });
});

describe('validatePasswordChange', () => {
  it('checks length and confirmation', () => {
    expect(validatePasswordChange({ password: 'abc', confirmPassword: 'abd' })).toEqual({
      password: 'Use at least 6 characters for your password.',
      confirmPassword: 'The two passwords do not match.',
    });
  });
});
