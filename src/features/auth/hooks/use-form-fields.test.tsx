import { act, renderHook } from '@testing-library/react';
import { validateLogin } from '@/domain/identity/credentials';
import { useFormFields } from './use-form-fields';

describe('useFormFields', () => {
  it('keeps values, reports errors only after check, and clears them when fixed', () => {
    const { result } = renderHook(() => useFormFields({ email: '', password: '' }, validateLogin));
    expect(result.current.field('email').error).toBeUndefined();

    let ok = true;
    act(() => {
      ok = result.current.check();
    });
    expect(ok).toBe(false);
    expect(result.current.field('email').error).toBe('Enter your email address.');

    act(() => result.current.field('email').onChange({ target: { value: 'ada@example.com' } }));
    act(() => result.current.field('password').onChange({ target: { value: 'x' } }));
    act(() => {
      ok = result.current.check();
    });
    expect(ok).toBe(true);
    expect(result.current.values).toEqual({ email: 'ada@example.com', password: 'x' });
    expect(result.current.field('email').error).toBeUndefined();
  });
});
