import { getApp } from 'firebase/app';
import { getAuth, type Auth } from 'firebase/auth';
import { init } from 'next-firebase-auth';
import { authConfig } from '@/lib/auth/auth-config';
import { sessionSync } from './session/session-store';

let initialized = false;

/**
 * Browser-safe next-firebase-auth setup, run once per process from _app. In the browser it
 * also starts the Firebase client SDK (and connects the Auth emulator in local mode); the
 * server adds its signing keys in its own entry points.
 */
export function initAuth(): void {
  if (initialized) return;
  initialized = true;
  init(
    authConfig({
      tokenChangedHandler: (user) => sessionSync.handleTokenChange(user),
    }),
  );
}

/** The Firebase Auth client, shared with next-firebase-auth. */
export function clientAuth(): Auth {
  initAuth();
  return getAuth(getApp());
}
