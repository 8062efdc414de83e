/**
 * Client-side checks that run before any identity call, so a learner gets an
 * answer at once and the identity service is never asked with input it would refuse.
 */

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_DISPLAY_NAME_LENGTH = 60;

// Deliberately practical rather than RFC-complete: something@something.tld, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export function validateEmail(email: string): string | undefined {
  const trimmed = email.trim();
  if (trimmed.length === 0) return 'Enter your email address.';
  if (trimmed.length > 254 || !EMAIL_PATTERN.test(trimmed)) return 'Enter a valid email address, like name@example.com.';
  return undefined;
}

export function validateNewPassword(password: string): string | undefined {
  if (password.length === 0) return 'Choose a password.';
  if (password.length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters for your password.`;
  return undefined;
}

export interface LoginInput {
  email: string;
  password: string;
}

export function validateLogin(input: LoginInput): FieldErrors<keyof LoginInput> {
  const errors: FieldErrors<keyof LoginInput> = {};
  const email = validateEmail(input.email);
  if (email) errors.email = email;
  if (input.password.length === 0) errors.password = 'Enter your password.';
  return errors;
}

export interface RegistrationInput {
  displayName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export function validateRegistration(input: RegistrationInput): FieldErrors<keyof RegistrationInput> {
  const errors: FieldErrors<keyof RegistrationInput> = {};
  const name = input.displayName.trim();
  if (name.length === 0) errors.displayName = 'Tell us what to call you.';
  else if (name.length > MAX_DISPLAY_NAME_LENGTH) errors.displayName = `Keep your name under ${MAX_DISPLAY_NAME_LENGTH} characters.`;
  const email = validateEmail(input.email);
  if (email) errors.email = email;
  const password = validateNewPassword(input.password);
  if (password) errors.password = password;
  if (input.confirmPassword !== input.password) errors.confirmPassword = 'The two passwords do not match.';
  return errors;
}

export interface NewPasswordInput {
  password: string;
  confirmPassword: string;
}

export function validatePasswordChange(input: NewPasswordInput): FieldErrors<keyof NewPasswordInput> {
  const errors: FieldErrors<keyof NewPasswordInput> = {};
  const password = validateNewPassword(input.password);
  if (password) errors.password = password;
  if (input.confirmPassword !== input.password) errors.confirmPassword = 'The two passwords do not match.';
  return errors;
}

export function hasErrors(errors: Record<string, string | undefined>): boolean {
  return Object.values(errors).some((message) => message !== undefined);
}
