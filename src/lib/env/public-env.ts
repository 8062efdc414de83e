/**
 * Configuration the browser may see. Next inlines `process.env.NEXT_PUBLIC_*` at build time,
 * so each variable is read by its full name. With nothing set, the app talks to the local
 * Auth emulator with the demo project.
 */

const DEMO_PROJECT_ID = 'demo-codetrail';
const DEFAULT_EMULATOR_HOST = '127.0.0.1:9099';

const projectId = process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID || DEMO_PROJECT_ID;
/** Firebase treats `demo-*` projects as emulator-only; we use the same rule to pick local mode. */
const usesEmulator = projectId.startsWith('demo-');

export const publicEnv = {
  firebase: {
    apiKey: process.env.NEXT_PUBLIC_FIREBASE_API_KEY || 'demo-api-key',
    authDomain: process.env.NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
    projectId,
  },
  /** host:port of the Auth emulator, or null against real Firebase. */
  authEmulatorHost: usesEmulator ? process.env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST || DEFAULT_EMULATOR_HOST : null,
  /** Base URL of API v1; same origin by default. */
  apiBaseUrl: (process.env.NEXT_PUBLIC_API_BASE_URL || '/api/v1').replace(/\/+$/, ''),
} as const;

export type PublicEnv = typeof publicEnv;
