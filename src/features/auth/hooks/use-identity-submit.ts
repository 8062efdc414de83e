import { useState, type FormEvent } from 'react';
import type { FieldErrors } from '@/domain/identity/credentials';
import { identityErrorMessage, type IdentityAction } from '@/domain/identity/identity-error-message';
import { useFormFields } from './use-form-fields';

/**
 * An identity form's submit: validate every field, then run the identity call; a failure becomes
 * the form's one error sentence. `staysBusy`: the page leaves after success (the AuthGate sends
 * the learner on, or the form navigates), so the button stays busy until it has.
 */
export function useIdentitySubmit<T extends { [K in keyof T]: string }>(
  initial: T,
  validate: (values: T) => FieldErrors<Extract<keyof T, string>>,
  action: IdentityAction,
  call: (values: T) => Promise<void>,
  staysBusy: boolean,
) {
  const { values, field, check } = useFormFields<T>(initial, validate);
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    if (!check()) return;
    setSubmitting(true);
    try {
      await call(values);
      if (!staysBusy) setSubmitting(false);
    } catch (error) {
      setFormError(identityErrorMessage(error, action));
      setSubmitting(false);
    }
  }

  return { values, field, formError, submitting, submit };
}
