import { createHash } from 'node:crypto';
import { networkSummary, type EgressRule } from '@/domain/machines/egress-rules';
import { MACHINE_ID_PATTERN, machineTemplate } from '@/domain/machines/machine-rules';
import { createKubernetesApi, isAlreadyExists, isNotFound, type ContainerStatus, type CoreResource, type KubeObject, type KubernetesApi, type KubernetesApiSource, type Pod } from './kubernetes-api';
import { AGENT_TCP_PORT, MACHINE_WORKSPACE, type AgentEndpoint, type MachineSpec, type Provisioner, type RunningMachine } from '@/domain/machines/machine-contracts';

/**
 * The production machine driver: a machine is a pod in one namespace (deploy/README.md).
 *
 * Per machine, with the same labels (never the learner's id, only a hash of it):
 *   PersistentVolumeClaim machine-<id>-workspace  the files, sized to limits.diskMb (writes past it fail)
 *   ConfigMap             machine-<id>-template   the template's files, copied in once
 *   Secret                machine-<id>-agent      the agent key
 *   Service               machine-<id>            ClusterIP on the agent port (a stable address)
 *   Pod                   machine-<id>            only while running; stop deletes it, the rest stays
 *
 * Kubernetes names allow no `_`, so `m_abc…` is named `m-abc…` (the pattern has exactly one `_`,
 * so the mapping is one-to-one); the label `codetrail.dev/machine` keeps the id itself.
 */

export interface KubernetesDriverOptions {
  /** MACHINE_K8S_NAMESPACE: the namespace machines live in (nothing else should). */
  namespace: string;
  /** MACHINE_IMAGE: the machine image (agent, node-pty, shells, languages; deploy/machine-image). */
  image: string;
  /** MACHINE_STORAGE_CLASS: the claims' storage class; the cluster's default when absent. */
  storageClassName?: string | null;
  /** The API server: in-cluster (the default) or an explicit server (kubectl proxy, tests). */
  api?: KubernetesApiSource;
  /** The agent's TCP port in the pod. Default AGENT_TCP_PORT */
  agentPort?: number;
  /** The agent's host as the instance app reaches it; `{service}` and `{namespace}` are filled in. */
  agentHostTemplate?: string;
  /**
   * MACHINE_NETWORK=allow-list: the egress proxy's URL (deploy/egress, MACHINE_K8S_EGRESS_PROXY) that
   * the terminal's HTTP_PROXY and friends point at, and the allow list the learner is told about.
   * The pod's label lets deploy/network-policy.yaml open the way to that proxy and nothing else.
   */
  egressProxy?: string;
  egressRules?: EgressRule[];
  /** A RuntimeClass for machine pods (e.g. gVisor's `gvisor`); the node's default when absent. */
  runtimeClassName?: string | null;
  /** The pod's ephemeral storage (/tmp and logs). Default 1024 */
  ephemeralStorageMb?: number;
  /** How long start waits for the pod to be ready, stop for it to be gone. Defaults 90 s and 60 s */
  startTimeoutMs?: number;
  stopTimeoutMs?: number;
  pollIntervalMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export const MANAGED_BY_LABEL = 'app.kubernetes.io/managed-by';
export const MACHINE_LABEL = 'codetrail.dev/machine';
export const USER_HASH_LABEL = 'codetrail.dev/user-hash';
/** `none`, `allow-list` or `internet`: deploy/network-policy.yaml selects machine pods' egress by it. */
export const NETWORK_LABEL = 'codetrail.dev/network';
export const MANAGED_BY = 'codetrail';
/** Written into the workspace once the template's files are in it: a restarted machine keeps its files. */
export const INITIALISED_MARKER = '.codetrail-initialised';
const AGENT_KEY_SECRET_KEY = 'agent-key';
const MACHINE_UID = 1000;
const DEFAULT_HOST_TEMPLATE = '{service}.{namespace}.svc.cluster.local';

/**
 * The init container's script: copies the template (a ConfigMap volume whose items put each file
 * at its path) into the workspace when the marker is absent. The volume's own `..data` entries
 * are skipped; `-L` copies the files its symlinks point to. Paths come from the environment so
 * the script can be run as it is against folders (tests/integration/kubernetes-driver.test.ts).
 */
export const INIT_SCRIPT = [
  'set -eu',
  'if [ -e "$WORKSPACE/$MARKER" ]; then echo "workspace already initialised"; exit 0; fi',
  'for entry in "$TEMPLATE"/* "$TEMPLATE"/.[!.]*; do',
  '  if [ -e "$entry" ]; then cp -RL "$entry" "$WORKSPACE"/; fi',
  'done',
  'touch "$WORKSPACE/$MARKER"',
  'echo "workspace initialised from the template"',
].join('\n');

/** `codetrail.dev/user-hash`: the first 16 hex digits of the SHA-256 of the user id. */
export function userHash(userId: string): string {
  return createHash('sha256').update(userId).digest('hex').slice(0, 16);
}

function checkedId(machineId: string): string {
  if (!MACHINE_ID_PATTERN.test(machineId)) throw new Error(`Not a machine id: ${JSON.stringify(machineId.slice(0, 40))}.`);
  return machineId;
}

/** Names of a machine's objects (DNS-1035 labels: lowercase letters, digits and `-`). */
export function machineObjectNames(machineId: string) {
  const base = `machine-${checkedId(machineId).replace('_', '-')}`;
  return { pod: base, service: base, claim: `${base}-workspace`, template: `${base}-template`, secret: `${base}-agent` };
}

type TemplateItem = { key: string; path: string };

/** The ConfigMap key that maps the other keys back to paths (it is not projected into the volume). */
export const TEMPLATE_PATHS_KEY = 'paths.json';

/**
 * ConfigMap keys allow `[-._a-zA-Z0-9]` only: file i is key `file-<i>`, and `paths.json` maps keys
 * back to paths. The pod's volume `items` are read back from the ConfigMap at each start, so a
 * machine made before its template changed still mounts the files it was made with.
 */
export function templateConfig(templateId: string): { data: Record<string, string>; items: TemplateItem[] } {
  const template = machineTemplate(templateId);
  if (!template) throw new Error(`There is no machine template "${templateId}".`);
  const data: Record<string, string> = {};
  const items: TemplateItem[] = [];
  Object.entries(template.files).forEach(([path, text], index) => {
    if (!isProjectablePath(path)) throw new Error(`Template "${templateId}" has a file path a ConfigMap volume cannot hold: ${path}`);
    const key = `file-${index}`;
    data[key] = text;
    items.push({ key, path });
  });
  data[TEMPLATE_PATHS_KEY] = JSON.stringify(Object.fromEntries(items.map((item) => [item.key, item.path])));
  return { data, items };
}

/** Relative, no empty, `.` or `..` parts, nothing starting with `..` (the kubelet's own entries). */
function isProjectablePath(path: string): boolean {
  return !path.startsWith('/') && !path.split('/').some((part) => part === '' || part === '.' || part.startsWith('..'));
}

/** The volume items a stored template ConfigMap holds (what templateConfig wrote). */
export function templateItems(configMap: { data?: Record<string, string> }): TemplateItem[] {
  const data = configMap.data ?? {};
  let paths: unknown = null;
  try {
    paths = JSON.parse(data[TEMPLATE_PATHS_KEY] ?? 'null');
  } catch {
    paths = null;
  }
  if (typeof paths !== 'object' || paths === null) throw new Error('The machine\'s template files are unreadable (no paths.json in its ConfigMap).');
  return Object.entries(paths)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] in data && isProjectablePath(entry[1]))
    .map(([key, path]) => ({ key, path }));
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Container waiting reasons that will not fix themselves while we wait. */
const STUCK_REASONS = new Set(['ErrImagePull', 'ImagePullBackOff', 'InvalidImageName', 'ErrImageNeverPull', 'CrashLoopBackOff', 'CreateContainerConfigError', 'CreateContainerError', 'RunContainerError']);

function stuckContainer(statuses: ContainerStatus[] | undefined): ContainerStatus | null {
  return statuses?.find((status) => status.state?.waiting?.reason && STUCK_REASONS.has(status.state.waiting.reason)) ?? null;
}

/** Why a pod will never become ready, in words a learner can read; null while it still may. */
export function podFailure(pod: Pod): string | null {
  const status = pod.status ?? {};
  const stuck = stuckContainer(status.initContainerStatuses) ?? stuckContainer(status.containerStatuses);
  const reason = stuck?.state?.waiting?.reason;
  if (reason && /Image/.test(reason)) return `Your machine could not start: its system image could not be loaded (${reason}). This is a problem on our side; please try again later.`;
  if (reason) return `Your machine could not start: its programs failed to launch (${reason}). Please try again; if it keeps happening, tell us.`;
  const failedInit = status.initContainerStatuses?.find((container) => container.state?.terminated && container.state.terminated.exitCode !== 0);
  if (failedInit) return `Your machine could not start: preparing its files failed (exit code ${failedInit.state?.terminated?.exitCode}). Please try again; your files are kept.`;
  if (status.phase === 'Failed' || status.phase === 'Succeeded') {
    const why = status.reason ?? status.containerStatuses?.find((container) => container.state?.terminated)?.state?.terminated?.reason ?? 'it exited';
    return `Your machine stopped while it was starting (${why}). Please try again; your files are kept.`;
  }
  return null;
}

const isReady = (pod: Pod) => pod.status?.phase === 'Running' && !pod.metadata?.deletionTimestamp && (pod.status.conditions ?? []).some((condition) => condition.type === 'Ready' && condition.status === 'True');

/** What the pod is waiting for, for the timeout's message. */
function waitingOn(pod: Pod | null): string {
  if (!pod) return 'its pod was deleted';
  const unscheduled = pod.status?.conditions?.find((condition) => condition.type === 'PodScheduled' && condition.status === 'False');
  if (unscheduled) return 'no room for it in the cluster yet';
  const waiting = [...(pod.status?.initContainerStatuses ?? []), ...(pod.status?.containerStatuses ?? [])].find((container) => container.state?.waiting)?.state?.waiting?.reason;
  return waiting ?? `its pod is ${pod.status?.phase ?? 'Pending'}`;
}

export function createKubernetesProvisioner(options: KubernetesDriverOptions): Provisioner {
  const { namespace, image } = options;
  const api: KubernetesApi = createKubernetesApi(options.api ?? { kind: 'in-cluster' }, namespace);
  const agentPort = options.agentPort ?? AGENT_TCP_PORT;
  const hostTemplate = options.agentHostTemplate ?? DEFAULT_HOST_TEMPLATE;
  const ephemeralMb = options.ephemeralStorageMb ?? 1024;
  const startTimeoutMs = options.startTimeoutMs ?? 90_000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 60_000;
  const pollMs = options.pollIntervalMs ?? 500;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? delay;

  const labelsFor = (spec: Pick<MachineSpec, 'id' | 'userId'>) => ({ [MANAGED_BY_LABEL]: MANAGED_BY, [MACHINE_LABEL]: spec.id, [USER_HASH_LABEL]: userHash(spec.userId) });
  const meta = (name: string, labels: Record<string, string>) => ({ name, namespace, labels });

  /** Creates the object; one that already exists is left as it is. */
  async function ensure(resource: CoreResource, body: KubeObject): Promise<void> {
    try {
      await api.create(resource, body);
    } catch (error) {
      if (!isAlreadyExists(error)) throw error;
    }
  }

  async function deleteIfThere(resource: CoreResource, name: string, gracePeriodSeconds?: number): Promise<void> {
    try {
      await api.delete(resource, name, { gracePeriodSeconds });
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  async function readPod(name: string): Promise<Pod | null> {
    try {
      return await api.get<Pod>('pods', name);
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async function waitUntilGone(name: string, what: string): Promise<void> {
    const deadline = now() + stopTimeoutMs;
    while ((await readPod(name)) !== null) {
      if (now() >= deadline) throw new Error(`Your machine did not stop within ${Math.round(stopTimeoutMs / 1000)} seconds (${what}). Please try again in a minute.`);
      await sleep(pollMs);
    }
  }

  async function ensureStorage(spec: MachineSpec): Promise<void> {
    const names = machineObjectNames(spec.id);
    const labels = labelsFor(spec);
    const template = templateConfig(spec.template);
    await ensure('persistentvolumeclaims', {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: meta(names.claim, labels),
      spec: {
        accessModes: ['ReadWriteOnce'],
        resources: { requests: { storage: `${spec.limits.diskMb}Mi` } },
        ...(options.storageClassName ? { storageClassName: options.storageClassName } : {}),
      },
    } as KubeObject);
    await ensure('configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: meta(names.template, labels), data: template.data, immutable: true } as KubeObject);
  }

  /**
   * The agent key as the spec has it now (a start may bring a new one): created, or replaced when
   * it differs. True when an existing Secret was changed.
   */
  async function applyAgentKey(spec: MachineSpec): Promise<boolean> {
    const names = machineObjectNames(spec.id);
    const secret = { apiVersion: 'v1', kind: 'Secret', type: 'Opaque', metadata: meta(names.secret, labelsFor(spec)), stringData: { [AGENT_KEY_SECRET_KEY]: spec.agentKey } };
    try {
      await api.create('secrets', secret);
      return false;
    } catch (error) {
      if (!isAlreadyExists(error)) throw error;
    }
    const existing = await api.get<KubeObject & { data?: Record<string, string> }>('secrets', names.secret);
    const current = existing.data?.[AGENT_KEY_SECRET_KEY];
    if (current !== undefined && Buffer.from(current, 'base64').toString('utf8') === spec.agentKey) return false;
    await api.replace('secrets', names.secret, { ...secret, metadata: { ...secret.metadata, resourceVersion: existing.metadata?.resourceVersion } });
    return true;
  }

  function egressProxyUrl(): string {
    if (!options.egressProxy) throw new Error('MACHINE_NETWORK=allow-list needs the egress proxy\'s URL (MACHINE_K8S_EGRESS_PROXY) for the kubernetes driver.');
    return options.egressProxy;
  }

  function podManifest(spec: MachineSpec, templateFiles: TemplateItem[]): Pod {
    const names = machineObjectNames(spec.id);
    const containerSecurity = {
      runAsNonRoot: true,
      runAsUser: MACHINE_UID,
      runAsGroup: MACHINE_UID,
      allowPrivilegeEscalation: false,
      privileged: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ['ALL'] },
      seccompProfile: { type: 'RuntimeDefault' },
    };
    const memory = `${spec.limits.memoryMb}Mi`;
    const cpu = `${Math.round(spec.limits.cpus * 1000)}m`;
    return {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: meta(names.pod, { ...labelsFor(spec), [NETWORK_LABEL]: spec.limits.network }),
      spec: {
        restartPolicy: 'Never',
        automountServiceAccountToken: false,
        enableServiceLinks: false,
        terminationGracePeriodSeconds: 5,
        ...(options.runtimeClassName ? { runtimeClassName: options.runtimeClassName } : {}),
        securityContext: {
          runAsNonRoot: true,
          runAsUser: MACHINE_UID,
          runAsGroup: MACHINE_UID,
          fsGroup: MACHINE_UID,
          seccompProfile: { type: 'RuntimeDefault' },
        },
        volumes: [
          { name: 'workspace', persistentVolumeClaim: { claimName: names.claim } },
          { name: 'template', configMap: { name: names.template, items: templateFiles, defaultMode: 0o644 } },
          { name: 'tmp', emptyDir: { sizeLimit: `${ephemeralMb}Mi` } },
        ],
        initContainers: [
          {
            name: 'workspace-init',
            image,
            command: ['/bin/sh', '-c', INIT_SCRIPT],
            env: [
              { name: 'TEMPLATE', value: '/template' },
              { name: 'WORKSPACE', value: MACHINE_WORKSPACE },
              { name: 'MARKER', value: INITIALISED_MARKER },
            ],
            volumeMounts: [
              { name: 'workspace', mountPath: MACHINE_WORKSPACE },
              { name: 'template', mountPath: '/template', readOnly: true },
            ],
            resources: { requests: { cpu: '100m', memory: '64Mi' }, limits: { cpu: '100m', memory: '64Mi' } },
            securityContext: containerSecurity,
          },
        ],
        containers: [
          {
            name: 'agent',
            image,
            workingDir: MACHINE_WORKSPACE,
            ports: [{ name: 'agent', containerPort: agentPort, protocol: 'TCP' }],
            env: [
              { name: 'AGENT_LISTEN', value: `tcp:0.0.0.0:${agentPort}` },
              { name: 'AGENT_WORKSPACE', value: MACHINE_WORKSPACE },
              { name: 'AGENT_KEY', valueFrom: { secretKeyRef: { name: names.secret, key: AGENT_KEY_SECRET_KEY } } },
              // The root filesystem is read-only: a home the shell and tools may write to.
              { name: 'HOME', value: '/tmp' },
              { name: 'AGENT_NETWORK_LINE', value: networkSummary(spec.limits.network, options.egressRules ?? []) },
              ...(spec.limits.network === 'allow-list' ? [{ name: 'AGENT_PROXY_URL', value: egressProxyUrl() }] : []),
            ],
            volumeMounts: [
              { name: 'workspace', mountPath: MACHINE_WORKSPACE },
              { name: 'tmp', mountPath: '/tmp' },
            ],
            resources: {
              requests: { cpu, memory, 'ephemeral-storage': `${ephemeralMb}Mi` },
              limits: { cpu, memory, 'ephemeral-storage': `${ephemeralMb}Mi` },
            },
            readinessProbe: { tcpSocket: { port: agentPort }, initialDelaySeconds: 1, periodSeconds: 2, failureThreshold: 30 },
            securityContext: containerSecurity,
          },
        ],
      },
    };
  }

  async function waitUntilReady(name: string): Promise<void> {
    const deadline = now() + startTimeoutMs;
    let last: Pod | null = null;
    for (;;) {
      last = await readPod(name);
      if (last && isReady(last)) return;
      const failure = last ? podFailure(last) : null;
      if (failure) throw new Error(failure);
      if (last === null || now() >= deadline) {
        const why = waitingOn(last);
        throw new Error(last === null ? `Your machine stopped while it was starting (${why}). Please try again.` : `Your machine did not start within ${Math.round(startTimeoutMs / 1000)} seconds (${why}). Please try again in a minute.`);
      }
      await sleep(pollMs);
    }
  }

  const provisioner: Provisioner = {
    driver: 'kubernetes',

    async create(spec) {
      machineObjectNames(spec.id);
      await ensureStorage(spec);
      await applyAgentKey(spec);
    },

    async start(spec) {
      const names = machineObjectNames(spec.id);
      // Storage again (idempotent): a missing claim would otherwise only show as a pod stuck Pending.
      await ensureStorage(spec);
      const keyChanged = await applyAgentKey(spec);
      await ensure('services', {
        apiVersion: 'v1',
        kind: 'Service',
        metadata: meta(names.service, labelsFor(spec)),
        spec: { type: 'ClusterIP', selector: { [MACHINE_LABEL]: spec.id, [MANAGED_BY_LABEL]: MANAGED_BY }, ports: [{ name: 'agent', port: agentPort, targetPort: agentPort, protocol: 'TCP' }] },
      } as KubeObject);

      const existing = await readPod(names.pod);
      // A pod already up for this machine (a start after an app restart) is waited on, not
      // replaced, unless it is on its way out, has finished or failed, or holds an old agent key.
      const reusable = existing !== null && !keyChanged && !existing.metadata?.deletionTimestamp && existing.status?.phase !== 'Failed' && existing.status?.phase !== 'Succeeded' && podFailure(existing) === null;
      if (existing && !reusable) {
        await deleteIfThere('pods', names.pod, 0);
        await waitUntilGone(names.pod, 'its previous run is still shutting down');
      }
      if (!reusable) await ensure('pods', podManifest(spec, templateItems(await api.get<KubeObject & { data?: Record<string, string> }>('configmaps', names.template))));
      try {
        await waitUntilReady(names.pod);
      } catch (error) {
        // Nothing half-started is left running (or billing) behind a machine the app marks failed.
        await deleteIfThere('pods', names.pod, 0).catch(() => undefined);
        throw error;
      }
      return { agent: provisioner.agentEndpoint(spec.id), ref: names.pod } satisfies RunningMachine;
    },

    async stop(machineId) {
      const names = machineObjectNames(machineId);
      await deleteIfThere('pods', names.pod, 5);
      await waitUntilGone(names.pod, 'its processes are still shutting down');
    },

    async remove(machineId) {
      const names = machineObjectNames(machineId);
      await provisioner.stop(machineId);
      await deleteIfThere('services', names.service);
      await deleteIfThere('secrets', names.secret);
      await deleteIfThere('configmaps', names.template);
      await deleteIfThere('persistentvolumeclaims', names.claim);
    },

    async isRunning(machineId) {
      const pod = await readPod(machineObjectNames(machineId).pod);
      return pod !== null && pod.status?.phase === 'Running' && !pod.metadata?.deletionTimestamp;
    },

    async listRunning() {
      const pods = await api.list<Pod>('pods', `${MANAGED_BY_LABEL}=${MANAGED_BY}`);
      const ids = pods.items
        .filter((pod) => (pod.status?.phase === 'Running' || pod.status?.phase === 'Pending') && !pod.metadata?.deletionTimestamp)
        .map((pod) => pod.metadata?.labels?.[MACHINE_LABEL] ?? '')
        .filter((id) => MACHINE_ID_PATTERN.test(id));
      return [...new Set(ids)];
    },

    async diskUsage(machineId) {
      machineObjectNames(machineId);
      // Kubernetes has no cheap way to measure a volume's use (the agent does not report it, and
      // the claim's size or capacity is the limit, not the use). Here the limit is enforced by the
      // volume itself: a claim of limits.diskMb, so writes past it fail inside the machine. The
      // service only shows this number, so this driver reports 0 ("not measured").
      return 0;
    },

    agentEndpoint(machineId): AgentEndpoint {
      const host = hostTemplate.replaceAll('{service}', machineObjectNames(machineId).service).replaceAll('{namespace}', namespace);
      return { kind: 'tcp', host, port: agentPort };
    },
  };
  return provisioner;
}
