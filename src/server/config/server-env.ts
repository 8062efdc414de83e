import { z } from 'zod';
import path from 'node:path';
import { DEFAULT_EGRESS_ALLOW, MACHINE_NETWORKS, parseEgressAllowList, type EgressRule, type MachineNetwork } from '@/domain/machines/egress-rules';
import { DEFAULT_RATE_LIMITS, type RateLimitKind, type RateLimitRule } from '@/domain/rate-limits/rate-limit-rules';
import { firebaseModeOf } from '@/lib/env/public-env';
import { checkPreviewTemplate, previewTemplateFrom } from '@/domain/build/preview-origin';
import { appOrigins } from '@/domain/security/app-origins';
import { checkPlanPrices, DEFAULT_PLAN_PRICES, type PlanPrices } from '@/domain/billing/plans';
import { DEFAULT_FREE_ALLOWANCE } from '@/domain/billing/entitlement';
import { DEFAULT_GRACE_DAYS } from '@/domain/billing/subscription-state';
import { checkAppLinkPrefix, DEFAULT_APP_LINKS, type AppLinkConfig } from '@/domain/billing/app-redirect';
import { DEFAULT_MACHINE_QUOTA, MACHINE_IDLE_MINUTES, type MachineQuota } from '@/domain/machines/machine-rules';
import { ERROR_SAMPLE_RATE, TRACES_SAMPLE_RATE, parseDsn } from '@/domain/monitoring/monitoring-config';
import { DEPLOYMENT_KINDS, lessonRoutePrefixOf, type DeploymentKind, type LessonRoutePrefix } from '@/domain/routing/deployment';

/**
 * Server-only configuration, validated once with zod. Every variable is documented in
 * .env.example; with none set, the app runs locally against the Auth emulator and the
 * embedded database.
 */

const LOCAL_COOKIE_SECRET = 'codetrail-local-development-cookie-secret-not-for-production';

const csv = z
  .string()
  .optional()
  .transform((value) => (value ?? '').split(',').map((item) => item.trim()).filter((item) => item.length > 0));

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const positiveInt = z.coerce.number().int().positive().max(1_000_000);

const sentryDsn = z
  .string()
  .refine((value) => parseDsn(value) !== null, 'must be a Sentry DSN, https://<public key>@<host>/<project id>')
  .optional();

const sampleRate = z.coerce.number().min(0, 'must be from 0 to 1').max(1, 'must be from 0 to 1').optional();

const serverEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DEPLOYMENT_KIND: z.enum(DEPLOYMENT_KINDS, { message: `must be one of ${DEPLOYMENT_KINDS.join(', ')}` }).default('standard'),
  CONTENT_DIR: z.string().min(1).optional(),
  CODETRAIL_CONTROL_TOKEN: z.string().min(32, 'must be at least 32 characters (npm start makes it)').optional(),
  APP_ENV: z.enum(['local', 'production']).default('local'),
  TRUST_PROXY: flag,
  RATE_LIMIT_SESSIONS_PER_IP: positiveInt.optional(),
  RATE_LIMIT_API_PER_MINUTE: positiveInt.optional(),
  RATE_LIMIT_TUTOR_PER_DAY: positiveInt.optional(),
  RATE_LIMIT_PROJECT_WRITES_PER_MINUTE: positiveInt.optional(),
  RATE_LIMIT_SHARED_READS_PER_MINUTE: positiveInt.optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  PREVIEW_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  PREVIEW_ORIGIN: z.string().optional(),
  APP_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
  ALLOWED_REDIRECT_HOSTS: csv,
  COOKIE_SECRET_CURRENT: z.string().min(32, 'COOKIE_SECRET_CURRENT must be at least 32 characters').optional(),
  COOKIE_SECRET_PREVIOUS: z.string().min(32, 'COOKIE_SECRET_PREVIOUS must be at least 32 characters').optional(),
  SESSION_COOKIE_MAX_AGE_MS: z.coerce.number().int().positive().optional(),
  FIREBASE_CLIENT_EMAIL: z.string().email().optional(),
  FIREBASE_PRIVATE_KEY: z.string().min(1).optional(),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL').optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  API_IMPERSONATION_TOKEN: z.string().min(16, 'API_IMPERSONATION_TOKEN must be at least 16 characters').optional(),
  API_IMPERSONATION_UID: z.string().min(1).default('impersonated-user'),
  API_IMPERSONATION_EMAIL: z.string().email().optional(),
  API_IMPERSONATION_ROLES: csv,
  ALLOW_IMPERSONATION_IN_PRODUCTION: flag,
  GRADER_URL: z.url({ protocol: /^https?$/, error: 'GRADER_URL must be the grading worker’s http(s):// address' }).optional(),
  GRADER_TOKEN: z.string().min(32, 'GRADER_TOKEN must be at least 32 characters').optional(),
  GRADER_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  TUTOR_API_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  TUTOR_API_KEY: z.string().min(1).optional(),
  TUTOR_MODEL: z.string().min(1).default('gpt-4o-mini'),
  TUTOR_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(8000),
  MACHINE_DRIVER: z.enum(['local', 'kubernetes']).default('local'),
  INSTANCE_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  INSTANCE_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
  INSTANCE_APP_SECRET: z.string().min(32, 'INSTANCE_APP_SECRET must be at least 32 characters').optional(),
  MACHINE_MAX_PER_LEARNER: positiveInt.optional(),
  MACHINE_MAX_RUNNING: positiveInt.optional(),
  MACHINE_MEMORY_MB: z.coerce.number().int().min(128).max(65_536).optional(),
  MACHINE_DISK_MB: z.coerce.number().int().min(16).max(1_048_576).optional(),
  MACHINE_CPUS: z.coerce.number().positive().max(64).optional(),
  MACHINE_LIMITS: z.enum(['machine', 'process'], { error: 'MACHINE_LIMITS must be machine or process' }).optional(),
  MACHINE_NETWORK: z.enum(MACHINE_NETWORKS, { error: `MACHINE_NETWORK must be one of ${MACHINE_NETWORKS.join(', ')}` }).default('none'),
  MACHINE_EGRESS_ALLOW: csv,
  MACHINE_EGRESS_UPSTREAM_PROXY: z.url({ protocol: /^http$/, error: 'MACHINE_EGRESS_UPSTREAM_PROXY must be an http:// proxy URL, e.g. http://proxy.internal:3128' }).optional(),
  MACHINE_K8S_EGRESS_PROXY: z.url({ protocol: /^http$/, error: 'MACHINE_K8S_EGRESS_PROXY must be an http:// URL, e.g. http://codetrail-egress.codetrail-machines.svc.cluster.local:3128' }).optional(),
  MACHINE_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(MACHINE_IDLE_MINUTES),
  MACHINE_K8S_NAMESPACE: z.string().regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/, 'MACHINE_K8S_NAMESPACE must be a Kubernetes namespace name').default('codetrail-machines'),
  MACHINE_IMAGE: z.string().min(1).optional(),
  MACHINE_STORAGE_CLASS: z.string().min(1).optional(),
  BILLING_PROVIDER: z.enum(['local', 'stripe']).default('local'),
  BILLING_CURRENCY: z.string().default(DEFAULT_PLAN_PRICES.currency).transform((value) => value.toUpperCase()),
  BILLING_PRICE_MONTHLY: z.coerce.number().int().default(DEFAULT_PLAN_PRICES.monthlyMinor),
  BILLING_PRICE_YEARLY: z.coerce.number().int().default(DEFAULT_PLAN_PRICES.yearlyMinor),
  BILLING_TRIAL_DAYS: z.coerce.number().int().default(DEFAULT_PLAN_PRICES.trialDays),
  BILLING_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(DEFAULT_GRACE_DAYS),
  BILLING_FREE_PROJECTS: z.coerce.number().int().min(0).max(1000).default(DEFAULT_FREE_ALLOWANCE.freeProjects),
  BILLING_LOCAL_WEBHOOK_SECRET: z.string().min(16, 'BILLING_LOCAL_WEBHOOK_SECRET must be at least 16 characters').optional(),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_/, 'STRIPE_SECRET_KEY must be a Stripe secret or restricted key (sk_… / rk_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_/, 'STRIPE_WEBHOOK_SECRET must be the endpoint\'s signing secret (whsec_…)').optional(),
  STRIPE_PRICE_MONTHLY: z.string().regex(/^price_/, 'STRIPE_PRICE_MONTHLY must be a Stripe price id (price_…)').optional(),
  STRIPE_PRICE_YEARLY: z.string().regex(/^price_/, 'STRIPE_PRICE_YEARLY must be a Stripe price id (price_…)').optional(),
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  WEB2APP_APP_LINKS: csv,
  EXPERIMENTS_STARTED: csv,
  EMAIL_TRACKER_URL: z.url({ protocol: /^https?$/ }).optional(),
  EMAIL_TRACKER_API_KEY: z.string().min(1).optional(),
  WEB2APP_DEFAULT_APP_LINK: z.string().optional(),
  SENTRY_DSN: sentryDsn,
  NEXT_PUBLIC_SENTRY_DSN: sentryDsn,
  SENTRY_ENVIRONMENT: z.string().max(64).optional(),
  SENTRY_AUTH_TOKEN: z.string().min(1).optional(),
  SENTRY_ORG: z.string().min(1).optional(),
  SENTRY_PROJECT: z.string().min(1).optional(),
  NEXT_PUBLIC_SENTRY_TRACES_SAMPLE_RATE: sampleRate,
  NEXT_PUBLIC_SENTRY_ERROR_SAMPLE_RATE: sampleRate,
});

/** Local only: the instance app and the web app share this when INSTANCE_APP_SECRET is not set. */
const LOCAL_INSTANCE_SECRET = 'codetrail-local-instance-app-secret-not-for-production';

export interface MachineConfig {
  driver: 'local' | 'kubernetes';
  /** Where the instance app is (its own origin) and, locally, the port npm start gives it. */
  instanceOrigin: string;
  instancePort: number;
  /** Shared by the web app and the instance app for the internal API (machine-contracts.ts). */
  instanceSecret: string;
  quota: MachineQuota;
  network: MachineNetwork;
  /**
   * Local driver: `machine` refuses to start machines where no cgroup limits a machine as a whole
   * (production's default); `process` accepts per-process limits there (local mode's default, with a warning).
   */
  limits: 'machine' | 'process';
  /** allow-list: what the egress proxy lets through (MACHINE_EGRESS_ALLOW, else the registries) and where it forwards. */
  egress: { rules: EgressRule[]; upstreamProxy: string | null };
  idleMinutes: number;
  /** `egressProxy`: the egress proxy's Service (deploy/egress), which allow-list pods are pointed at. */
  kubernetes: { namespace: string; image: string | null; storageClass: string | null; egressProxy: string };
}

/** Local only: signs the local provider's webhook events when BILLING_LOCAL_WEBHOOK_SECRET is not set. */
const LOCAL_WEBHOOK_SECRET = 'whsec_codetrail_local_billing_not_for_production';

export interface BillingConfig {
  provider: 'local' | 'stripe';
  prices: PlanPrices;
  graceDays: number;
  freeProjects: number;
  /** The secret webhook signatures are checked with: Stripe's endpoint secret, or the local one. */
  webhookSecret: string;
  stripe: { secretKey: string; priceIds: { monthly: string; yearly: string }; apiBase: string | null } | null;
  appLinks: AppLinkConfig;
}

export interface ServerEnv {
  nodeEnv: 'development' | 'production' | 'test';
  /** `preview`: serves the working content tree (published as it changes) with lessons under /ssr. */
  deployment: { kind: DeploymentKind; lessonRoutePrefix: LessonRoutePrefix; contentDir: string };
  /** The token `npm run content:publish` proves itself with to this server (made by `npm start`; null: no such calls). */
  controlToken: string | null;
  /** `production` turns every local convenience into a refusal to start (see parseServerEnv). */
  appEnv: 'local' | 'production';
  /** Local mode: a `demo-` project with the Auth emulator, which accepts unsigned tokens by design. */
  local: boolean;
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  rateLimits: Record<RateLimitKind, RateLimitRule>;
  appOrigin: string;
  /** Where browsers may show the app (app-origins.ts): APP_ORIGIN, and locally both loopback spellings. */
  appOrigins: string[];
  /** Own hosts a post-login redirect may go to (localhost and 127.0.0.1 are added by the rule). */
  ownHosts: string[];
  secureCookies: boolean;
  cookieKeys: string[];
  sessionCookieMaxAgeMs: number | undefined;
  firebaseProjectId: string;
  authEmulatorHost: string | null;
  firebaseServiceAccount: { clientEmail: string; privateKey: string } | null;
  databaseUrl: string | null;
  dataDir: string;
  impersonation: { token: string; uid: string; email: string | null; roles: string[] } | null;
  /** Where web projects' previews run: a port of their own locally, an origin per project (preview-origin.ts). */
  preview: { port: number; template: string };
  /** The grading worker (GRADER_URL with GRADER_TOKEN); null: this process starts the grading sandboxes itself. */
  grader: { url: string; token: string } | null;
  /** Where `npm run grader` listens (GRADER_PORT, default PORT+3). */
  graderPort: number;
  /** The optional OpenAI-compatible tutor model; null keeps the tutor fully offline. */
  tutor: { baseUrl: string; apiKey: string | null; model: string; timeoutMs: number } | null;
  machines: MachineConfig;
  billing: BillingConfig;
  /** The email-marketing tracker events are forwarded to (server-side, after marketing consent); null: off. */
  emailTracker: { url: string; apiKey: string | null } | null;
  /** Experiments that start by hand (spec §3: demo-ab-test), started by configuration. */
  experimentsStarted: string[];
  monitoring: MonitoringConfig;
}

/** Error and performance monitoring (docs/monitoring.md). */
export interface MonitoringConfig {
  /** The server SDK's DSN (SENTRY_DSN); null: the server SDK is not even loaded. */
  dsn: string | null;
  /** The browser's DSN (NEXT_PUBLIC_SENTRY_DSN): the only Sentry project /api/monitoring forwards to; null: 404. */
  publicDsn: string | null;
  /** SENTRY_ENVIRONMENT, or APP_ENV. */
  environment: string;
  /** Share of transactions recorded (spec §9: performance, 0.1). */
  tracesSampleRate: number;
  /** Share of error events sent (spec §9: error traces, 0.05). */
  errorSampleRate: number;
  /** Source maps are uploaded by the build (next.config.js) only with a token, an org and a project. */
  uploadsSourceMaps: boolean;
}

export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}

function graderToken(token: string | undefined): string {
  if (!token) throw new ConfigurationError('GRADER_URL needs GRADER_TOKEN, the bearer token the grading worker expects (at least 32 characters).');
  return token;
}

export function parseServerEnv(source: Record<string, string | undefined>): ServerEnv {
  // An empty value (as copied from .env.example) means "not set".
  const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const result = serverEnvSchema.safeParse(given);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new ConfigurationError(`Invalid server configuration: ${problems}`);
  }
  const env = result.data;
  const appOrigin = (env.APP_ORIGIN ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const previewPort = env.PREVIEW_PORT ?? env.PORT + 1;
  const previewTemplate = previewTemplateFrom({ PREVIEW_ORIGIN: env.PREVIEW_ORIGIN, PREVIEW_PORT: String(previewPort) });
  const previewVerdict = checkPreviewTemplate(previewTemplate, appOrigin);
  if (!previewVerdict.ok) throw new ConfigurationError(previewVerdict.message);
  const instancePort = env.INSTANCE_PORT ?? env.PORT + 2;
  const instanceOrigin = (env.INSTANCE_ORIGIN ?? `http://localhost:${instancePort}`).replace(/\/+$/, '');
  if (new URL(instanceOrigin).origin === new URL(appOrigin).origin) throw new ConfigurationError('INSTANCE_ORIGIN must be an origin of its own, not the app\'s (machines run learners\' code).');
  if (env.MACHINE_DRIVER === 'kubernetes' && !env.MACHINE_IMAGE) throw new ConfigurationError('MACHINE_IMAGE is required with MACHINE_DRIVER=kubernetes (deploy/README.md).');
  const billing = billingConfig(env);
  const allow = parseEgressAllowList(env.MACHINE_EGRESS_ALLOW.length > 0 ? env.MACHINE_EGRESS_ALLOW : DEFAULT_EGRESS_ALLOW);
  if (!allow.ok) throw new ConfigurationError(`MACHINE_EGRESS_ALLOW: ${allow.message}.`);
  const egressRules = allow.value;
  const { projectId, authEmulatorHost } = firebaseModeOf(source.NEXT_PUBLIC_FIREBASE_PROJECT_ID, source.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST);
  const local = authEmulatorHost !== null;

  if (!local && !env.COOKIE_SECRET_CURRENT) {
    throw new ConfigurationError('COOKIE_SECRET_CURRENT is required when using a real Firebase project.');
  }
  if (env.APP_ENV === 'production') refuseLocalConveniences(env, source, projectId);
  const cookieKeys = [env.COOKIE_SECRET_CURRENT ?? LOCAL_COOKIE_SECRET, env.COOKIE_SECRET_PREVIOUS].filter(
    (key): key is string => typeof key === 'string',
  );

  const impersonationAllowed = env.NODE_ENV !== 'production' || env.ALLOW_IMPERSONATION_IN_PRODUCTION;
  const impersonation =
    env.API_IMPERSONATION_TOKEN && impersonationAllowed
      ? {
          token: env.API_IMPERSONATION_TOKEN,
          uid: env.API_IMPERSONATION_UID,
          email: env.API_IMPERSONATION_EMAIL ?? null,
          roles: env.API_IMPERSONATION_ROLES,
        }
      : null;

  return {
    nodeEnv: env.NODE_ENV,
    deployment: { kind: env.DEPLOYMENT_KIND, lessonRoutePrefix: lessonRoutePrefixOf(env.DEPLOYMENT_KIND), contentDir: path.resolve(env.CONTENT_DIR ?? 'content') },
    controlToken: env.CODETRAIL_CONTROL_TOKEN ?? null,
    appEnv: env.APP_ENV,
    local,
    trustProxy: env.TRUST_PROXY,
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      // The per-address count of refused sign-in tokens that name no account (token-failure-counters.ts).
      'sign-in-unnamed': { ...DEFAULT_RATE_LIMITS['sign-in-unnamed'], limit: env.RATE_LIMIT_SESSIONS_PER_IP ?? DEFAULT_RATE_LIMITS['sign-in-unnamed'].limit },
      api: { ...DEFAULT_RATE_LIMITS.api, limit: env.RATE_LIMIT_API_PER_MINUTE ?? DEFAULT_RATE_LIMITS.api.limit },
      tutor: { ...DEFAULT_RATE_LIMITS.tutor, limit: env.RATE_LIMIT_TUTOR_PER_DAY ?? DEFAULT_RATE_LIMITS.tutor.limit },
      'project-write': { ...DEFAULT_RATE_LIMITS['project-write'], limit: env.RATE_LIMIT_PROJECT_WRITES_PER_MINUTE ?? DEFAULT_RATE_LIMITS['project-write'].limit },
      'public-read': { ...DEFAULT_RATE_LIMITS['public-read'], limit: env.RATE_LIMIT_SHARED_READS_PER_MINUTE ?? DEFAULT_RATE_LIMITS['public-read'].limit },
      'analytics-visitor': DEFAULT_RATE_LIMITS['analytics-visitor'],
      'analytics-address': DEFAULT_RATE_LIMITS['analytics-address'],
    },
    appOrigin,
    appOrigins: appOrigins(appOrigin, { local: local && env.APP_ENV !== 'production' }),
    ownHosts: [new URL(appOrigin).hostname, ...env.ALLOWED_REDIRECT_HOSTS],
    secureCookies: appOrigin.startsWith('https://'),
    cookieKeys,
    sessionCookieMaxAgeMs: env.SESSION_COOKIE_MAX_AGE_MS,
    firebaseProjectId: projectId,
    authEmulatorHost,
    firebaseServiceAccount:
      env.FIREBASE_CLIENT_EMAIL && env.FIREBASE_PRIVATE_KEY
        ? { clientEmail: env.FIREBASE_CLIENT_EMAIL, privateKey: env.FIREBASE_PRIVATE_KEY.replace(/\\n/g, '\n') }
        : null,
    databaseUrl: env.DATABASE_URL ?? null,
    dataDir: env.DATA_DIR,
    preview: { port: previewPort, template: previewTemplate },
    grader: env.GRADER_URL ? { url: env.GRADER_URL, token: graderToken(env.GRADER_TOKEN) } : null,
    graderPort: env.GRADER_PORT ?? env.PORT + 3,
    impersonation,
    experimentsStarted: env.EXPERIMENTS_STARTED,
    emailTracker: env.EMAIL_TRACKER_URL ? { url: env.EMAIL_TRACKER_URL, apiKey: env.EMAIL_TRACKER_API_KEY ?? null } : null,
    machines: {
      driver: env.MACHINE_DRIVER,
      instanceOrigin,
      instancePort,
      instanceSecret: env.INSTANCE_APP_SECRET ?? LOCAL_INSTANCE_SECRET,
      quota: {
        maxMachines: env.MACHINE_MAX_PER_LEARNER ?? DEFAULT_MACHINE_QUOTA.maxMachines,
        maxRunning: env.MACHINE_MAX_RUNNING ?? DEFAULT_MACHINE_QUOTA.maxRunning,
        memoryMb: env.MACHINE_MEMORY_MB ?? DEFAULT_MACHINE_QUOTA.memoryMb,
        diskMb: env.MACHINE_DISK_MB ?? DEFAULT_MACHINE_QUOTA.diskMb,
        cpus: env.MACHINE_CPUS ?? DEFAULT_MACHINE_QUOTA.cpus,
      },
      network: env.MACHINE_NETWORK,
      limits: env.MACHINE_LIMITS ?? (env.APP_ENV === 'production' ? 'machine' : 'process'),
      egress: { rules: egressRules, upstreamProxy: env.MACHINE_EGRESS_UPSTREAM_PROXY ?? null },
      idleMinutes: env.MACHINE_IDLE_MINUTES,
      kubernetes: {
        namespace: env.MACHINE_K8S_NAMESPACE,
        image: env.MACHINE_IMAGE ?? null,
        storageClass: env.MACHINE_STORAGE_CLASS ?? null,
        egressProxy: env.MACHINE_K8S_EGRESS_PROXY ?? `http://codetrail-egress.${env.MACHINE_K8S_NAMESPACE}.svc.cluster.local:3128`,
      },
    },
    billing,
    monitoring: {
      dsn: env.SENTRY_DSN ?? null,
      publicDsn: env.NEXT_PUBLIC_SENTRY_DSN ?? null,
      environment: env.SENTRY_ENVIRONMENT ?? env.APP_ENV,
      tracesSampleRate: env.NEXT_PUBLIC_SENTRY_TRACES_SAMPLE_RATE ?? TRACES_SAMPLE_RATE,
      errorSampleRate: env.NEXT_PUBLIC_SENTRY_ERROR_SAMPLE_RATE ?? ERROR_SAMPLE_RATE,
      uploadsSourceMaps: Boolean(env.SENTRY_AUTH_TOKEN && env.SENTRY_ORG && env.SENTRY_PROJECT),
    },
    tutor: env.TUTOR_API_BASE_URL ? { baseUrl: env.TUTOR_API_BASE_URL, apiKey: env.TUTOR_API_KEY ?? null, model: env.TUTOR_MODEL, timeoutMs: env.TUTOR_TIMEOUT_MS } : null,
  };
}

function billingConfig(env: z.infer<typeof serverEnvSchema>): BillingConfig {
  const prices: PlanPrices = { currency: env.BILLING_CURRENCY, monthlyMinor: env.BILLING_PRICE_MONTHLY, yearlyMinor: env.BILLING_PRICE_YEARLY, trialDays: env.BILLING_TRIAL_DAYS };
  const verdict = checkPlanPrices(prices);
  if (!verdict.ok) throw new ConfigurationError(verdict.message);
  const prefixes = env.WEB2APP_APP_LINKS.length > 0 ? env.WEB2APP_APP_LINKS : DEFAULT_APP_LINKS.prefixes;
  for (const prefix of prefixes) {
    const problem = checkAppLinkPrefix(prefix);
    if (problem) throw new ConfigurationError(`WEB2APP_APP_LINKS: ${problem}.`);
  }
  const fallback = env.WEB2APP_DEFAULT_APP_LINK ?? (env.WEB2APP_APP_LINKS.length > 0 ? prefixes[0]! : DEFAULT_APP_LINKS.fallback);
  if (!prefixes.some((prefix) => fallback.toLowerCase().startsWith(prefix.toLowerCase()))) throw new ConfigurationError('WEB2APP_DEFAULT_APP_LINK must start with one of WEB2APP_APP_LINKS.');
  let stripe: BillingConfig['stripe'] = null;
  if (env.BILLING_PROVIDER === 'stripe') {
    const missing = (['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_MONTHLY', 'STRIPE_PRICE_YEARLY'] as const).filter((name) => !env[name]);
    if (missing.length > 0) throw new ConfigurationError(`BILLING_PROVIDER=stripe needs ${missing.join(', ')} (.env.example).`);
    stripe = { secretKey: env.STRIPE_SECRET_KEY!, priceIds: { monthly: env.STRIPE_PRICE_MONTHLY!, yearly: env.STRIPE_PRICE_YEARLY! }, apiBase: env.STRIPE_API_BASE ?? null };
  }
  return {
    provider: env.BILLING_PROVIDER,
    prices,
    graceDays: env.BILLING_GRACE_DAYS,
    freeProjects: env.BILLING_FREE_PROJECTS,
    webhookSecret: stripe ? env.STRIPE_WEBHOOK_SECRET! : (env.BILLING_LOCAL_WEBHOOK_SECRET ?? LOCAL_WEBHOOK_SECRET),
    stripe,
    appLinks: { prefixes, fallback },
  };
}

/**
 * APP_ENV=production refuses to start with anything that is safe only on a developer's machine:
 * a `demo-` project (its emulator accepts unsigned tokens, so anyone could sign in as anyone),
 * an emulator host, the built-in cookie key, a plain-http origin.
 */
function refuseLocalConveniences(env: z.infer<typeof serverEnvSchema>, source: Record<string, string | undefined>, projectId: string): void {
  const problems: string[] = [];
  if (projectId.startsWith('demo-')) {
    problems.push(`NEXT_PUBLIC_FIREBASE_PROJECT_ID is "${projectId}": demo- projects accept unsigned sign-in tokens; use your real Firebase project`);
  }
  if (source.FIREBASE_AUTH_EMULATOR_HOST || source.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST) {
    problems.push('an Auth emulator host is set (FIREBASE_AUTH_EMULATOR_HOST / NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST): unset it');
  }
  if (!env.COOKIE_SECRET_CURRENT || env.COOKIE_SECRET_CURRENT === LOCAL_COOKIE_SECRET || env.COOKIE_SECRET_PREVIOUS === LOCAL_COOKIE_SECRET) {
    problems.push('COOKIE_SECRET_CURRENT must be your own random secret, not the built-in local key');
  }
  if (!env.APP_ORIGIN?.startsWith('https://')) problems.push('APP_ORIGIN must be your https:// origin');
  if (!env.PREVIEW_ORIGIN?.startsWith('https://')) problems.push('PREVIEW_ORIGIN must be your https:// user-content domain, e.g. https://p-{id}.codetrail-usercontent.app');
  if (!env.INSTANCE_ORIGIN?.startsWith('https://')) problems.push('INSTANCE_ORIGIN must be the instance app\'s own https:// origin, e.g. https://machines.codetrail.app');
  if (!env.INSTANCE_APP_SECRET || env.INSTANCE_APP_SECRET === LOCAL_INSTANCE_SECRET) problems.push('INSTANCE_APP_SECRET must be your own random secret, shared only with the instance app');
  if (env.BILLING_PROVIDER !== 'stripe') problems.push('BILLING_PROVIDER must be stripe: the local provider\'s test checkout gives Pro away without payment');
  if (env.STRIPE_API_BASE) problems.push('STRIPE_API_BASE is for tests against a local Stripe double: unset it');
  if (problems.length > 0) throw new ConfigurationError(`APP_ENV=production refuses to start: ${problems.join('; ')}.`);
}

let cached: ServerEnv | null = null;

export function serverEnv(): ServerEnv {
  cached ??= parseServerEnv(process.env);
  return cached;
}
