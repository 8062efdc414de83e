/**
 * The web app's container image and Kubernetes manifests (deploy/web) agree with each other and with
 * the app's configuration: ports and probes, image, the variables every object names (.env.example),
 * and a production configuration that src/server/config/server-env.ts accepts. Plus the standalone
 * output of next.config.js being opt-in.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigurationError, parseServerEnv } from '@/server/config/server-env';
import { argsOf, examplePodEnvironment, finalStage, imageEnv, lineage, manifestFiles, manifests, manifestsIn, only, stages, WEB_DIR } from './manifests';

const ROOT = path.join(__dirname, '..', '..');
const NAMESPACE = 'codetrail';

const deployment = only('Deployment');
const service = only('Service');
const hpa = only('HorizontalPodAutoscaler');
const job = only('Job');
const configMap = only('ConfigMap');
const secret = only('Secret');
const configData = configMap.data as Record<string, string>;
const secretData = secret.stringData as Record<string, string>;
const webContainer = deployment.spec.template.spec.containers[0];
const finalLines = finalStage.lines;

/** Every variable .env.example documents. */
const documented = new Set([...readFileSync(path.join(ROOT, '.env.example'), 'utf8').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!));

/** Variables the manifests or the image set that are not the app's configuration, and why. */
const NOT_APP_CONFIGURATION: Record<string, string> = {
  NODE_ENV: 'production in the image, as for every production Node server',
  NEXT_TELEMETRY_DISABLED: "Next's own switch: no usage reports from our servers",
};

/** .env.example's secrets: keys, tokens, passwords and database URLs that are not the browser's. */
const secretsOfEnvExample = [...documented].filter((name) => !name.startsWith('NEXT_PUBLIC_') && /SECRET|TOKEN|_KEY$|PASSWORD|DATABASE_URL$/.test(name));
/** Secrets the production server never reads, so the Secret holds none of them (secret.template.yaml). */
// CODETRAIL_CONTROL_TOKEN is made by `npm start` for its own server (content:publish on the embedded database), never deployed.
const SECRETS_NOT_AT_RUN_TIME = ['API_IMPERSONATION_TOKEN', 'BILLING_LOCAL_WEBHOOK_SECRET', 'CODETRAIL_CONTROL_TOKEN', 'SENTRY_AUTH_TOKEN', 'TEST_DATABASE_URL'];

/** A port of the web container, by number or by name. */
function containerPort(port: number | string): number | undefined {
  const ports = webContainer.ports as { name?: string; containerPort: number }[];
  return typeof port === 'number' ? ports.find((candidate) => candidate.containerPort === port)?.containerPort : ports.find((candidate) => candidate.name === port)?.containerPort;
}

/** What a value that only looks like a credential has in it: a long or letters-and-digits run. */
function looksLikeRealSecret(value: string): boolean {
  return value
    .replace(/REPLACE_ME/g, ' ')
    .split(/[^A-Za-z0-9]+/)
    .some((token) => token.length >= 16 || (token.length >= 8 && /[0-9]/.test(token) && /[A-Za-z]/.test(token)));
}

describe('deploy/web manifests', () => {
  it('are Kubernetes objects in the codetrail namespace', () => {
    expect(manifestFiles).toEqual(expect.arrayContaining(['configmap.example.yaml', 'deployment.yaml', 'hpa.yaml', 'migrate-job.yaml', 'secret.template.yaml', 'service.yaml']));
    for (const { file, manifest } of manifests) {
      expect({ file, apiVersion: typeof manifest.apiVersion, kind: typeof manifest.kind, name: typeof manifest.metadata?.name }).toEqual({ file, apiVersion: 'string', kind: 'string', name: 'string' });
      expect({ file, namespace: manifest.metadata.namespace }).toEqual({ file, namespace: NAMESPACE });
    }
  });

  it('route the Service and every probe to the port the image exposes', () => {
    const exposed = finalLines.filter((line) => line.instruction === 'EXPOSE').map((line) => Number(line.args));
    expect(exposed).toEqual([3000]);
    expect(webContainer.env).toEqual(expect.arrayContaining([{ name: 'PORT', value: '3000' }]));
    expect(imageEnv.PORT).toBe('3000');

    expect(service.spec.type).toBe('ClusterIP');
    expect(service.spec.selector).toEqual(deployment.spec.selector.matchLabels);
    expect(service.spec.ports).toHaveLength(1);
    expect(service.spec.ports[0].port).toBe(80);
    expect(containerPort(service.spec.ports[0].targetPort)).toBe(3000);

    for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) {
      expect({ probe, path: webContainer[probe]?.httpGet?.path, port: containerPort(webContainer[probe]?.httpGet?.port) }).toEqual({ probe, path: '/api/health', port: 3000 });
    }
    const healthcheck = finalLines.find((line) => line.instruction === 'HEALTHCHECK');
    expect(healthcheck?.args).toContain('/api/health');
  });

  it('run the Deployment as the restricted, scalable web app', () => {
    expect(deployment.apiVersion).toBe('apps/v1');
    expect(deployment.spec.replicas).toBeGreaterThanOrEqual(2);
    const pod = deployment.spec.template.spec;
    expect(deployment.spec.template.metadata.labels).toEqual(expect.objectContaining(deployment.spec.selector.matchLabels));
    // The ServiceAccount deploy/rbac.yaml makes and gives the machine driver's rights.
    expect(pod.serviceAccountName).toBe('codetrail-web');
    expect(manifestsIn(path.join(ROOT, 'deploy', 'rbac.yaml')).some((manifest) => manifest.kind === 'ServiceAccount' && manifest.metadata.name === 'codetrail-web' && manifest.metadata.namespace === NAMESPACE)).toBe(true);
    expect(pod.securityContext.runAsNonRoot).toBe(true);
    expect(webContainer.securityContext).toEqual(expect.objectContaining({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false }));
    expect(webContainer.resources.requests).toEqual(expect.objectContaining({ cpu: expect.anything(), memory: expect.anything() }));
    expect(webContainer.resources.limits).toEqual(expect.objectContaining({ cpu: expect.anything(), memory: expect.anything() }));
    // The only writable folders, each an emptyDir.
    const emptyDirs = new Set((pod.volumes as { name: string; emptyDir?: object }[]).filter((volume) => volume.emptyDir).map((volume) => volume.name));
    const writable = (webContainer.volumeMounts as { name: string; mountPath: string }[]).filter((mount) => emptyDirs.has(mount.name)).map((mount) => mount.mountPath);
    expect(writable.sort()).toEqual(['/app/.next/cache', '/tmp']);
    // The server listens on 127.0.0.1 unless told; in a pod it must listen on every address for probes and the Service.
    expect(webContainer.env).toEqual(expect.arrayContaining([{ name: 'HOST', value: '0.0.0.0' }]));
  });

  it('scale the Deployment on CPU between 2 and 10 pods', () => {
    expect(hpa.apiVersion).toBe('autoscaling/v2');
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: deployment.metadata.name });
    expect([hpa.spec.minReplicas, hpa.spec.maxReplicas]).toEqual([2, 10]);
    expect(hpa.spec.metrics).toEqual([{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }]);
    const pdb = manifests.find(({ manifest }) => manifest.kind === 'PodDisruptionBudget')?.manifest;
    if (pdb) expect(pdb.spec.selector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
  });

  it('migrate and publish with the very image the Deployment runs', () => {
    const pod = job.spec.template.spec;
    const jobContainers = [...(pod.initContainers ?? []), ...pod.containers] as { image: string; command: string[] }[];
    expect(new Set(jobContainers.map((container) => container.image))).toEqual(new Set([webContainer.image]));
    expect(jobContainers.map((container) => container.command)).toEqual([
      ['node', 'commands/migrate.js'],
      ['node', 'commands/content-publish.js', '--if-changed'],
    ]);
    expect(pod.restartPolicy).toBe('Never');
    expect(job.spec.backoffLimit).toEqual(expect.any(Number));
    expect(job.spec.ttlSecondsAfterFinished).toEqual(expect.any(Number));
    // The commands the image's assembly bundles are the ones the Job runs.
    const assemble = readFileSync(path.join(WEB_DIR, 'assemble.sh'), 'utf8').replace(/\\\n\s*/g, ' ');
    expect(assemble).toMatch(/esbuild scripts\/migrate\.ts scripts\/content-publish\.ts .*--outdir="\$out\/commands"/);
  });

  it('configure every pod from the ConfigMap and the Secret, and nothing .env.example does not document', () => {
    for (const container of [webContainer, ...job.spec.template.spec.initContainers, ...job.spec.template.spec.containers]) {
      expect(container.envFrom).toEqual([{ configMapRef: { name: configMap.metadata.name } }, { secretRef: { name: secret.metadata.name } }]);
    }
    const named = [
      ...Object.keys(configData),
      ...Object.keys(secretData),
      ...(webContainer.env as { name: string }[]).map((variable) => variable.name),
      ...Object.keys(imageEnv),
      ...stages.flatMap(argsOf),
    ];
    const undocumented = [...new Set(named)].filter((name) => !documented.has(name) && !(name in NOT_APP_CONFIGURATION));
    expect(undocumented).toEqual([]);
  });

  it('keep exactly the run-time secrets of .env.example in the Secret, and none anywhere else', () => {
    expect(secretsOfEnvExample).toEqual(expect.arrayContaining(['DATABASE_URL', 'COOKIE_SECRET_CURRENT', 'FIREBASE_PRIVATE_KEY', 'STRIPE_SECRET_KEY']));
    expect(Object.keys(secretData).sort()).toEqual(secretsOfEnvExample.filter((name) => !SECRETS_NOT_AT_RUN_TIME.includes(name)).sort());
    expect(Object.keys(configData).filter((name) => secretsOfEnvExample.includes(name))).toEqual([]);
    // Never a layer of the image either (the Sentry token is a build secret mount).
    expect([...stages.flatMap(argsOf), ...Object.keys(imageEnv)].filter((name) => secretsOfEnvExample.includes(name))).toEqual([]);
  });

  it('hold no real-looking secret in the Secret template', () => {
    // The check itself tells a placeholder from a credential.
    expect(looksLikeRealSecret('sk_live_51NqQzKJx8Yh2Lm3Pq')).toBe(true);
    expect(looksLikeRealSecret('REPLACE_ME-with-at-least-32-random-characters')).toBe(false);
    for (const [name, value] of Object.entries(secretData)) {
      expect({ name, placeholder: value === '' || value.includes('REPLACE_ME'), realLooking: looksLikeRealSecret(value) }).toEqual({ name, placeholder: true, realLooking: false });
    }
  });

  it('bake the build-time variables into the image for its server, never into the ConfigMap', () => {
    const browserVariables = [...documented].filter((name) => name.startsWith('NEXT_PUBLIC_') && name !== 'NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST');
    const buildTime = [...browserVariables, 'APP_ORIGIN', 'PREVIEW_ORIGIN', 'SENTRY_ENVIRONMENT'];
    // One stage declares them; the build and the final image both start from it.
    const base = stages.find((stage) => argsOf(stage).includes('NEXT_PUBLIC_FIREBASE_PROJECT_ID'));
    expect(argsOf(base!)).toEqual(expect.arrayContaining(buildTime));
    expect(lineage(finalStage)).toContain(base);
    expect(stages.filter((stage) => stage !== finalStage).every((stage) => lineage(stage).includes(base!))).toBe(true);
    for (const name of buildTime) expect({ name, value: imageEnv[name] }).toEqual({ name, value: `$${name}` });
    expect(Object.keys(configData).filter((name) => buildTime.includes(name))).toEqual([]);
  });

  it('make a production configuration the server accepts, which needs the Secret', () => {
    const pod = examplePodEnvironment();
    const env = parseServerEnv(pod);
    expect(env.appEnv).toBe('production');
    expect(env.local).toBe(false);
    expect(env.databaseUrl).toMatch(/^postgres:\/\//);
    expect(env.billing.provider).toBe('stripe');
    expect(env.machines.driver).toBe('kubernetes');
    expect(env.firebaseServiceAccount).not.toBeNull();
    // Without the Secret, APP_ENV=production refuses to start.
    expect(() => parseServerEnv(examplePodEnvironment({ secret: false }))).toThrow(ConfigurationError);
    // And every variable the refusal names as required is one the pod gets.
    for (const required of ['COOKIE_SECRET_CURRENT', 'INSTANCE_APP_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']) {
      const { [required]: _dropped, ...without } = pod;
      expect({ required, refused: refuses(() => parseServerEnv(without)) }).toEqual({ required, refused: true });
    }
    for (const required of ['APP_ENV', 'INSTANCE_ORIGIN', 'BILLING_PROVIDER', 'STRIPE_PRICE_MONTHLY', 'STRIPE_PRICE_YEARLY', 'MACHINE_IMAGE']) {
      expect({ required, inConfigMap: required in configData }).toEqual({ required, inConfigMap: true });
    }
  });
});

function refuses(parse: () => unknown): boolean {
  try {
    parse();
    return false;
  } catch (error) {
    return error instanceof ConfigurationError;
  }
}

describe('next.config.js standalone output', () => {
  /** `output` of the config Next would load, in a Node process of its own with the given NEXT_OUTPUT. */
  function outputWith(nextOutput: string | undefined): string {
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of ['NEXT_OUTPUT', 'SENTRY_AUTH_TOKEN', 'SENTRY_ORG', 'SENTRY_PROJECT']) delete env[name];
    if (nextOutput !== undefined) env.NEXT_OUTPUT = nextOutput;
    const script = "const config = require('./next.config.js'); const resolved = typeof config === 'function' ? config('phase-production-build') : config; process.stdout.write(JSON.stringify({ output: resolved.output ?? null }));";
    return (JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: ROOT, env, encoding: 'utf8' })) as { output: string | null }).output ?? 'undefined';
  }

  it('is standalone only when NEXT_OUTPUT=standalone', () => {
    expect(outputWith('standalone')).toBe('standalone');
    expect(outputWith(undefined)).toBe('undefined');
    expect(outputWith('export')).toBe('undefined');
  }, 60_000);
});
