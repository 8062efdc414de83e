/**
 * Configuration the browser may see. Next inlines `process.env.NEXT_PUBLIC_*` at build time,
 * so each variable is read by its full name. With nothing set, the app talks to the local
 * Auth emulator with the demo project.
 */

import { monitoringSettingsFrom } from '@/domain/monitoring/monitoring-config';

const DEMO_PROJECT_ID = 'demo-codetrail';
const DEFAULT_EMULATOR_HOST = '127.0.0.1:9099';

/**
 * The Firebase project and, in local mode, the emulator host, from a given environment (the
 * server validates its own environment with this; the browser reads `publicEnv`).
 * Firebase treats `demo-*` projects as emulator-only; we use the same rule to pick local mode.
 */
export function firebaseModeOf(projectIdValue: string | undefined, emulatorHostValue: string | undefined): { projectId: string; authEmulatorHost: string | null } {
  const id = projectIdValue || DEMO_PROJECT_ID;
  return { projectId: id, authEmulatorHost: id.startsWith('demo-') ? emulatorHostValue || DEFAULT_EMULATOR_HOST : null };
}

const { projectId, authEmulatorHost } = firebaseModeOf(process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID, process.env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST);

export const publicEnv = {
  firebase: {
    apiKey: process.env.NEXT_PUBLIC_FIREBASE_API_KEY || 'demo-api-key',
    authDomain: process.env.NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
    projectId,
  },
  /** host:port of the Auth emulator, or null against real Firebase. */
  authEmulatorHost,
  /** Base URL of API v1; same origin by default. */
  apiBaseUrl: (process.env.NEXT_PUBLIC_API_BASE_URL || '/api/v1').replace(/\/+$/, ''),
  /**
   * Error monitoring (docs/monitoring.md): off without NEXT_PUBLIC_SENTRY_DSN. The environment is
   * SENTRY_ENVIRONMENT, inlined by next.config.js under its own name.
   */
  monitoring: monitoringSettingsFrom({
    dsn: process.env.NEXT_PUBLIC_SENTRY_DSN,
    environment: process.env.CODETRAIL_SENTRY_ENVIRONMENT,
    tracesSampleRate: process.env.NEXT_PUBLIC_SENTRY_TRACES_SAMPLE_RATE,
    errorSampleRate: process.env.NEXT_PUBLIC_SENTRY_ERROR_SAMPLE_RATE,
  }),
} as const;

export type PublicEnv = typeof publicEnv;
