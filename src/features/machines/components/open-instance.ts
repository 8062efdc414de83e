import type { MachineEndpoints } from '@/lib/api-client/machine-endpoints';

/**
 * Opens the instance app for a machine in a new window (spec §7): with a login token and the
 * redirect (default /build). The window is opened at once, inside the click, so no pop-up
 * blocker stops it; it is pointed at the instance app once the token is there. If fetching the
 * token fails, the error is reported to the caller and the app opens without a token (its sign-in
 * state says what to do).
 */
export async function openInstanceApp(options: {
  endpoints: Pick<MachineEndpoints, 'loginToken'>;
  machineId: string;
  instanceOrigin: string;
  redirect?: string;
  open?: (url: string) => Window | null;
}): Promise<{ opened: boolean; error: Error | null }> {
  const open = options.open ?? ((url: string) => window.open(url, '_blank'));
  const target = open('about:blank');
  // The opened window must not reach back into ours (window.opener), whatever page it ends on.
  if (target) target.opener = null;
  const login = new URL('/login', options.instanceOrigin);
  login.searchParams.set('redirect', options.redirect ?? '/build');
  let error: Error | null = null;
  try {
    const { token } = await options.endpoints.loginToken(options.machineId);
    login.searchParams.set('token', token);
  } catch (caught) {
    error = caught instanceof Error ? caught : new Error('The sign-in token could not be fetched.');
  }
  if (target) target.location.href = login.toString();
  else open(login.toString());
  return { opened: target !== null, error };
}
