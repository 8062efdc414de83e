import { useState } from 'react';
import { hasErrors, type FieldErrors } from '@/domain/identity/credentials';

/**
 * Form state for the identity forms: values, per-field errors from a pure validator, and the
 * props each TextField needs. `check()` validates everything before any identity call.
 */
export function useFormFields<T extends { [K in keyof T]: string }>(initial: T, validate: (values: T) => FieldErrors<Extract<keyof T, string>>) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors<Extract<keyof T, string>>>({});

  function field(name: Extract<keyof T, string>) {
    return {
      name,
      value: values[name],
      error: errors[name],
      onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
    };
  }

  function check(): boolean {
    const found = validate(values);
    setErrors(found);
    return !hasErrors(found);
  }

  return { values, field, check };
}
