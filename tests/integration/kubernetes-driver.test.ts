import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { machineTemplate } from '@/domain/machines/machine-rules';
import { INIT_SCRIPT, INITIALISED_MARKER, TEMPLATE_PATHS_KEY, createKubernetesProvisioner, templateConfig, userHash, type KubernetesDriverOptions } from '@/server/machines/kubernetes-driver';
import { AGENT_TCP_PORT, type MachineSpec, type Provisioner } from '@/domain/machines/machine-contracts';
import { startFakeKubernetes, type FakeKubernetes } from './support/fake-kubernetes';

/**
 * The kubernetes machine driver against a test double of the Kubernetes API server
 * (support/fake-kubernetes.ts; a real cluster cannot run here). No database or emulator.
 */

const NAMESPACE = 'codetrail-machines';
const TOKEN = 'service-account-token';
const IMAGE = 'registry.example/codetrail-machine:2026.11';
const USER_ID = 'firebase-uid-Jane-42';

type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});
const arr = (value: unknown): Json[] => (Array.isArray(value) ? value.map(obj) : []);

function machineSpec(overrides: Partial<MachineSpec> = {}): MachineSpec {
  return {
    id: 'm_abc123def456',
    userId: USER_ID,
    template: 'node-web',
    limits: { memoryMb: 768, cpus: 0.5, diskMb: 512, maxProcesses: 256, network: 'none' },
    agentKey: 'agent-key-0123456789abcdef0123456789abcdef',
    ...overrides,
  };
}

let fake: FakeKubernetes;

function driver(options: Partial<KubernetesDriverOptions> = {}): Provisioner {
  return createKubernetesProvisioner({
    namespace: NAMESPACE,
    image: IMAGE,
    storageClassName: 'fast-ssd',
    api: { kind: 'server', url: fake.url, token: TOKEN },
    pollIntervalMs: 10,
    startTimeoutMs: 10_000,
    stopTimeoutMs: 10_000,
    ...options,
  });
}

const stored = (resource: Parameters<FakeKubernetes['objects']>[1]) => fake.objects(NAMESPACE, resource);
const posted = (resource: string) => fake.requests.filter((request) => request.method === 'POST' && request.path === `/api/v1/namespaces/${NAMESPACE}/${resource}`);

beforeEach(async () => {
  fake = await startFakeKubernetes({ namespaces: [NAMESPACE], token: TOKEN, podStartDelayMs: 40, podDeleteDelayMs: 40 });
});

afterEach(async () => {
  await fake.close();
});

describe('the kubernetes machine driver', () => {
  it('creates, starts, stops, restarts and removes a machine, with the pod locked down', async () => {
    const machines = driver();
    const spec = machineSpec();
    const labels = { 'app.kubernetes.io/managed-by': 'codetrail', 'codetrail.dev/machine': spec.id, 'codetrail.dev/user-hash': userHash(USER_ID) };
    expect(userHash(USER_ID)).toMatch(/^[0-9a-f]{16}$/);
    expect(machines.driver).toBe('kubernetes');

    await machines.create(spec);
    const claim = stored('persistentvolumeclaims').get('machine-m-abc123def456-workspace');
    expect(obj(claim?.metadata).labels).toEqual(labels);
    expect(obj(claim?.spec)).toEqual({ accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '512Mi' } }, storageClassName: 'fast-ssd' });
    const template = stored('configmaps').get('machine-m-abc123def456-template');
    expect(obj(template?.metadata).labels).toEqual(labels);
    const files = machineTemplate('node-web')?.files ?? {};
    const { [TEMPLATE_PATHS_KEY]: paths, ...fileData } = obj(template?.data);
    expect(Object.values(fileData).sort()).toEqual(Object.values(files).sort());
    expect(Object.values(JSON.parse(String(paths)) as Record<string, string>).sort()).toEqual(Object.keys(files).sort());
    expect(Object.keys(obj(template?.data)).every((key) => /^[-._a-zA-Z0-9]+$/.test(key))).toBe(true);
    const secret = stored('secrets').get('machine-m-abc123def456-agent');
    expect(obj(secret?.metadata).labels).toEqual(labels);
    expect(Buffer.from(String(obj(secret?.data)['agent-key']), 'base64').toString()).toBe(spec.agentKey);
    // The learner's id is in nothing sent to the cluster; only its hash is.
    expect(JSON.stringify(fake.requests)).not.toContain(USER_ID);

    const running = await machines.start(spec);
    expect(running).toEqual({ agent: { kind: 'tcp', host: `machine-m-abc123def456.${NAMESPACE}.svc.cluster.local`, port: AGENT_TCP_PORT }, ref: 'machine-m-abc123def456' });
    expect(machines.agentEndpoint(spec.id)).toEqual(running.agent);

    const podBody = obj(posted('pods')[0]?.body);
    const metadata = obj(podBody.metadata);
    expect(metadata.name).toBe('machine-m-abc123def456');
    expect(metadata.labels).toEqual({ ...labels, 'codetrail.dev/network': 'none' });
    const pod = obj(podBody.spec);
    expect(pod).toMatchObject({ restartPolicy: 'Never', automountServiceAccountToken: false, enableServiceLinks: false });
    expect(pod.serviceAccountName).toBeUndefined();
    expect(pod.hostNetwork).toBeUndefined();
    expect(pod.securityContext).toEqual({ runAsNonRoot: true, runAsUser: 1000, runAsGroup: 1000, fsGroup: 1000, seccompProfile: { type: 'RuntimeDefault' } });
    expect(arr(pod.volumes)).toEqual([
      { name: 'workspace', persistentVolumeClaim: { claimName: 'machine-m-abc123def456-workspace' } },
      { name: 'template', configMap: { name: 'machine-m-abc123def456-template', items: templateConfig('node-web').items, defaultMode: 0o644 } },
      { name: 'tmp', emptyDir: { sizeLimit: '1024Mi' } },
    ]);
    // The volume's items put every template file back at its own path.
    expect(templateConfig('node-web').items.map((item) => item.path).sort()).toEqual(Object.keys(files).sort());

    const lockedDown = { runAsNonRoot: true, runAsUser: 1000, runAsGroup: 1000, allowPrivilegeEscalation: false, privileged: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] }, seccompProfile: { type: 'RuntimeDefault' } };
    const [init] = arr(pod.initContainers);
    expect(init).toMatchObject({ image: IMAGE, command: ['/bin/sh', '-c', INIT_SCRIPT], securityContext: lockedDown });
    expect(arr(init?.env)).toEqual([
      { name: 'TEMPLATE', value: '/template' },
      { name: 'WORKSPACE', value: '/workspace' },
      { name: 'MARKER', value: INITIALISED_MARKER },
    ]);
    expect(arr(init?.volumeMounts)).toEqual([
      { name: 'workspace', mountPath: '/workspace' },
      { name: 'template', mountPath: '/template', readOnly: true },
    ]);

    const containers = arr(pod.containers);
    expect(containers).toHaveLength(1);
    const agent = obj(containers[0]);
    expect(agent.image).toBe(IMAGE);
    expect(agent.securityContext).toEqual(lockedDown);
    expect(agent.resources).toEqual({
      requests: { cpu: '500m', memory: '768Mi', 'ephemeral-storage': '1024Mi' },
      limits: { cpu: '500m', memory: '768Mi', 'ephemeral-storage': '1024Mi' },
    });
    expect(arr(agent.env)).toEqual([
      { name: 'AGENT_LISTEN', value: `tcp:0.0.0.0:${AGENT_TCP_PORT}` },
      { name: 'AGENT_WORKSPACE', value: '/workspace' },
      { name: 'AGENT_KEY', valueFrom: { secretKeyRef: { name: 'machine-m-abc123def456-agent', key: 'agent-key' } } },
      { name: 'HOME', value: '/tmp' },
      { name: 'AGENT_NETWORK_LINE', value: 'No network: this machine reaches nothing outside itself, so pip install and npm install from the internet do not work here.' },
    ]);
    expect(JSON.stringify(podBody)).not.toContain(spec.agentKey);
    expect(arr(agent.volumeMounts)).toEqual([
      { name: 'workspace', mountPath: '/workspace' },
      { name: 'tmp', mountPath: '/tmp' },
    ]);
    expect(obj(agent.readinessProbe).tcpSocket).toEqual({ port: AGENT_TCP_PORT });

    const service = stored('services').get('machine-m-abc123def456');
    expect(obj(service?.metadata).labels).toEqual(labels);
    expect(obj(service?.spec)).toMatchObject({ type: 'ClusterIP', selector: { 'codetrail.dev/machine': spec.id, 'app.kubernetes.io/managed-by': 'codetrail' }, ports: [{ port: AGENT_TCP_PORT, targetPort: AGENT_TCP_PORT }] });

    expect(await machines.isRunning(spec.id, running.ref)).toBe(true);
    expect(await machines.listRunning()).toEqual([spec.id]);
    const listCall = fake.requests.find((request) => request.method === 'GET' && request.path.endsWith('/pods') && request.query.labelSelector);
    expect(listCall?.query.labelSelector).toBe('app.kubernetes.io/managed-by=codetrail');

    await machines.stop(spec.id);
    expect(stored('pods').has('machine-m-abc123def456')).toBe(false);
    const deletion = fake.requests.find((request) => request.method === 'DELETE' && request.path.endsWith('/pods/machine-m-abc123def456'));
    expect(obj(deletion?.body).gracePeriodSeconds).toBe(5);
    // stop waited through the pod's graceful termination: it was seen with a deletionTimestamp first.
    expect(fake.requests.filter((request) => request.method === 'GET' && request.path.endsWith('/pods/machine-m-abc123def456')).length).toBeGreaterThan(1);
    expect(stored('persistentvolumeclaims').has('machine-m-abc123def456-workspace')).toBe(true);
    expect(stored('configmaps').size + stored('secrets').size + stored('services').size).toBe(3);
    expect(await machines.isRunning(spec.id, running.ref)).toBe(false);
    expect(await machines.listRunning()).toEqual([]);
    await machines.stop(spec.id);

    // A second create changes nothing; the restart uses the same claim and makes no new one.
    const claimUid = obj(stored('persistentvolumeclaims').get('machine-m-abc123def456-workspace')?.metadata).uid;
    await machines.create(spec);
    const again = await machines.start(spec);
    expect(again).toEqual(running);
    expect(obj(stored('persistentvolumeclaims').get('machine-m-abc123def456-workspace')?.metadata).uid).toBe(claimUid);
    expect(stored('persistentvolumeclaims').size).toBe(1);
    expect(arr(obj(obj(posted('pods')[1]?.body).spec).volumes)[0]).toEqual({ name: 'workspace', persistentVolumeClaim: { claimName: 'machine-m-abc123def456-workspace' } });
    expect(posted('services')).toHaveLength(2); // the second answered 409 AlreadyExists, and start went on
    expect(await machines.isRunning(spec.id, again.ref)).toBe(true);

    await machines.remove(spec.id);
    for (const resource of ['pods', 'services', 'persistentvolumeclaims', 'configmaps', 'secrets'] as const) expect([...stored(resource).keys()]).toEqual([]);
    await machines.remove(spec.id);
    expect(await machines.listRunning()).toEqual([]);
  });

  it('points an allow-list machine at the egress proxy, labelled for the policy that lets it reach only that proxy', async () => {
    const egressRules = [{ kind: 'host' as const, host: 'registry.npmjs.org', wildcard: false, port: null }];
    const egressProxy = `http://codetrail-egress.${NAMESPACE}.svc.cluster.local:3128`;
    await driver({ egressProxy, egressRules }).start(machineSpec({ limits: { ...machineSpec().limits, network: 'allow-list' } }));
    const pod = obj(stored('pods').get('machine-m-abc123def456'));
    expect(obj(obj(pod.metadata).labels)['codetrail.dev/network']).toBe('allow-list');
    const env = arr(arr(obj(pod.spec).containers)[0]?.env);
    expect(env.filter((entry) => String(entry.name).startsWith('AGENT_N') || entry.name === 'AGENT_PROXY_URL')).toEqual([
      { name: 'AGENT_NETWORK_LINE', value: 'Network: package registries only (registry.npmjs.org); everything else is refused.' },
      { name: 'AGENT_PROXY_URL', value: egressProxy },
    ]);
    // The policy for that label: DNS and the egress proxy's pods on its port, nothing else.
    const policy = parseAllDocuments(readFileSync(path.join(process.cwd(), 'deploy', 'network-policy.yaml'), 'utf8')).map((document) => obj(document.toJS())).find((document) => obj(document.metadata).name === 'machines-allow-list');
    expect(obj(obj(obj(policy?.spec).podSelector).matchLabels)).toEqual({ 'app.kubernetes.io/managed-by': 'codetrail', 'codetrail.dev/network': 'allow-list' });
    const egress = arr(obj(policy?.spec).egress);
    expect(egress).toHaveLength(2);
    expect(arr(egress[1]?.to)).toEqual([{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'codetrail-egress' } } }]);
    expect(arr(egress[1]?.ports)).toEqual([{ protocol: 'TCP', port: 3128 }]);
    expect(JSON.stringify(egress)).not.toContain('ipBlock');
    // Without the proxy's URL an allow-list machine does not start half-configured.
    await expect(driver().start(machineSpec({ id: 'm_000000000003', limits: { ...machineSpec().limits, network: 'allow-list' } }))).rejects.toThrow('MACHINE_K8S_EGRESS_PROXY');
  });

  it('lists only its own machines, and not a pod on its way out', async () => {
    const machines = driver();
    await machines.start(machineSpec());
    await machines.start(machineSpec({ id: 'm_000000000002', template: 'python', limits: { ...machineSpec().limits, network: 'internet' } }));
    const foreign = await fetch(`${fake.url}/api/v1/namespaces/${NAMESPACE}/pods`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'someone-else', labels: { 'app.kubernetes.io/managed-by': 'helm', 'codetrail.dev/machine': 'm_999999999999' } }, spec: { containers: [{ name: 'x', image: 'nginx' }] } }),
    });
    expect(foreign.status).toBe(201);
    expect((await machines.listRunning()).sort()).toEqual(['m_000000000002', 'm_abc123def456']);
    expect(obj(obj(stored('pods').get('machine-m-000000000002')?.metadata).labels)['codetrail.dev/network']).toBe('internet');

    const deleting = fetch(`${fake.url}/api/v1/namespaces/${NAMESPACE}/pods/machine-m-000000000002`, { method: 'DELETE', headers: { Authorization: `Bearer ${TOKEN}` } });
    expect((await deleting).status).toBe(200);
    expect(await machines.listRunning()).toEqual(['m_abc123def456']);
    expect(await machines.isRunning('m_000000000002', null)).toBe(false);
  });

  it('refuses a start whose image cannot be pulled with a sentence a learner can read, and leaves no pod behind', async () => {
    const machines = driver({ image: 'registry.example/broken-machine:1' });
    await machines.create(machineSpec());
    await expect(machines.start(machineSpec())).rejects.toThrow(/^Your machine could not start: its system image could not be loaded \((ErrImagePull|ImagePullBackOff)\)\. This is a problem on our side; please try again later\.$/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stored('pods').size).toBe(0);
    expect(stored('persistentvolumeclaims').size).toBe(1);
  });

  it('refuses a start whose agent exits, and replaces the failed pod on the next start', async () => {
    const failing = driver({ image: 'registry.example/exits:1' });
    await expect(failing.start(machineSpec())).rejects.toThrow('Your machine stopped while it was starting (Error). Please try again; your files are kept.');
    const fixed = driver();
    await expect(fixed.start(machineSpec())).resolves.toMatchObject({ ref: 'machine-m-abc123def456' });
  });

  it('gives up after its timeout with what the pod was waiting for', async () => {
    // A pod the kubelet never gets to, and a clock that is 10 s later at each look: the 90 s
    // default runs out after a few polls.
    await fake.close();
    fake = await startFakeKubernetes({ namespaces: [NAMESPACE], token: TOKEN, podStartDelayMs: 60_000 });
    let clock = 0;
    const slow = driver({ startTimeoutMs: undefined, now: () => (clock += 10_000) });
    await expect(slow.start(machineSpec())).rejects.toThrow('Your machine did not start within 90 seconds (its pod is Pending). Please try again in a minute.');
    expect(stored('pods').get('machine-m-abc123def456')?.metadata).toHaveProperty('deletionTimestamp');
  });

  it('gives the agent a new key when a start brings one, and restarts a pod that has the old one', async () => {
    const machines = driver();
    await machines.start(machineSpec());
    const firstUid = obj(stored('pods').get('machine-m-abc123def456')?.metadata).uid;
    await machines.start(machineSpec());
    expect(obj(stored('pods').get('machine-m-abc123def456')?.metadata).uid).toBe(firstUid);
    await machines.start(machineSpec({ agentKey: 'a-new-key-after-rotation-0123456789abcdef' }));
    const secret = stored('secrets').get('machine-m-abc123def456-agent');
    expect(Buffer.from(String(obj(secret?.data)['agent-key']), 'base64').toString()).toBe('a-new-key-after-rotation-0123456789abcdef');
    expect(obj(stored('pods').get('machine-m-abc123def456')?.metadata).uid).not.toBe(firstUid);
  });

  it('mounts the template files a machine was made with, even after its template changed', async () => {
    // A machine made by an older release, when node-web had two files.
    const older = { 'file-0': 'console.log("v1");\n', 'file-1': '# v1\n', [TEMPLATE_PATHS_KEY]: JSON.stringify({ 'file-0': 'index.js', 'file-1': 'docs/README.md' }) };
    const made = await fetch(`${fake.url}/api/v1/namespaces/${NAMESPACE}/configmaps`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'machine-m-abc123def456-template' }, data: older, immutable: true }),
    });
    expect(made.status).toBe(201);
    await driver().start(machineSpec());
    const volume = arr(obj(obj(posted('pods')[0]?.body).spec).volumes).find((entry) => entry.name === 'template');
    expect(obj(volume?.configMap).items).toEqual([
      { key: 'file-0', path: 'index.js' },
      { key: 'file-1', path: 'docs/README.md' },
    ]);
  });

  it('refuses a machine id that is not one before sending anything', async () => {
    const machines = driver();
    for (const id of ['m_ABC123DEF456', '../../secrets', 'm_abc123def456-x', 'machine', '', 'm_abc123def45']) {
      await expect(machines.create(machineSpec({ id }))).rejects.toThrow('Not a machine id');
      await expect(machines.start(machineSpec({ id }))).rejects.toThrow('Not a machine id');
      await expect(machines.stop(id)).rejects.toThrow('Not a machine id');
      await expect(machines.remove(id)).rejects.toThrow('Not a machine id');
      await expect(machines.isRunning(id, null)).rejects.toThrow('Not a machine id');
      await expect(machines.diskUsage(id)).rejects.toThrow('Not a machine id');
      expect(() => machines.agentEndpoint(id)).toThrow('Not a machine id');
    }
    expect(fake.requests).toEqual([]);
  });

  it('says so when the API server refuses its credentials', async () => {
    const machines = driver({ api: { kind: 'server', url: fake.url, token: 'wrong' } });
    await expect(machines.create(machineSpec())).rejects.toThrow(/answered 401: Unauthorized/);
  });
});

describe('the init container script', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'codetrail-k8s-init-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** A ConfigMap volume as the kubelet lays it out: the files in a timestamped folder, reached through ..data. */
  function projectTemplate(files: Record<string, string>): string {
    const volume = path.join(root, 'template');
    const data = path.join(volume, '..2026_11_24_12_00_00.000000001');
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(data, file)), { recursive: true });
      writeFileSync(path.join(data, file), text);
    }
    symlinkSync(path.basename(data), path.join(volume, '..data'));
    for (const top of new Set(Object.keys(files).map((file) => file.split('/')[0] ?? ''))) symlinkSync(path.join('..data', top), path.join(volume, top));
    return volume;
  }

  const run = (template: string, workspace: string) => spawnSync('/bin/sh', ['-c', INIT_SCRIPT], { env: { ...process.env, TEMPLATE: template, WORKSPACE: workspace, MARKER: INITIALISED_MARKER }, encoding: 'utf8' });

  const tree = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? tree(path.join(dir, entry.name)).map((child) => `${entry.name}/${child}`) : [entry.name])).sort();

  it('copies the template once, and never over the learner’s files again', () => {
    const files = { ...(machineTemplate('node-web')?.files ?? {}), '.gitignore': 'node_modules\n' };
    const template = projectTemplate(files);
    const workspace = path.join(root, 'workspace');
    mkdirSync(workspace);

    const first = run(template, workspace);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(tree(workspace)).toEqual([...Object.keys(files), INITIALISED_MARKER].sort());
    for (const [file, text] of Object.entries(files)) expect(readFileSync(path.join(workspace, file), 'utf8')).toBe(text);
    expect(existsSync(path.join(workspace, '..data'))).toBe(false);

    writeFileSync(path.join(workspace, 'server.js'), '// mine now\n');
    rmSync(path.join(workspace, 'README.md'));
    const second = run(template, workspace);
    expect(second.status).toBe(0);
    expect(second.stdout).toContain('already initialised');
    expect(readFileSync(path.join(workspace, 'server.js'), 'utf8')).toBe('// mine now\n');
    expect(existsSync(path.join(workspace, 'README.md'))).toBe(false);
  });
});

describe('deploy/', () => {
  const deploy = path.join(process.cwd(), 'deploy');
  const documents = (file: string) => {
    const parsed = parseAllDocuments(readFileSync(path.join(deploy, file), 'utf8'));
    for (const document of parsed) expect(document.errors).toEqual([]);
    return parsed.map((document) => obj(document.toJS()));
  };

  it('has valid manifests: a Role limited to the machines’ objects, and policies that fence machine pods', () => {
    const namespace = documents('namespace.yaml');
    expect(namespace.map((document) => document.kind)).toContain('Namespace');
    const machinesNamespace = String(obj(namespace.find((document) => document.kind === 'Namespace')?.metadata).name);
    expect(machinesNamespace).toBe(NAMESPACE);

    const rbac = documents('rbac.yaml');
    const role = rbac.find((document) => document.kind === 'Role');
    expect(obj(role?.metadata).namespace).toBe(machinesNamespace);
    const rules = arr(role?.rules);
    expect(rules.flatMap((rule) => rule.apiGroups as string[]).every((group) => group === '')).toBe(true);
    expect(rules.flatMap((rule) => rule.resources as string[]).sort()).toEqual(['configmaps', 'persistentvolumeclaims', 'pods', 'secrets', 'services']);
    expect(rules.flatMap((rule) => rule.verbs as string[])).not.toContain('*');
    expect(rbac.map((document) => document.kind).sort()).toEqual(['Role', 'RoleBinding', 'ServiceAccount']);
    expect(rbac.some((document) => document.kind === 'ClusterRole')).toBe(false);

    const policies = documents('network-policy.yaml');
    for (const policy of policies) {
      expect(policy.kind).toBe('NetworkPolicy');
      expect(obj(policy.metadata).namespace).toBe(machinesNamespace);
    }
    // Into machine pods: the agent's port only. (The egress proxy's own policy, deploy/egress/manifests.test.ts.)
    const machinePolicies = policies.filter((policy) => obj(obj(obj(policy.spec).podSelector).matchLabels)['app.kubernetes.io/managed-by'] === 'codetrail');
    const ingress = machinePolicies.flatMap((policy) => arr(obj(policy.spec).ingress));
    expect(ingress.flatMap((rule) => arr(rule.ports)).map((port) => port.port)).toEqual([AGENT_TCP_PORT]);
    expect(policies.filter((policy) => !machinePolicies.includes(policy)).map((policy) => obj(policy.metadata).name)).toEqual(['egress-proxy']);
  });

  it('builds the machine image as user 1000', () => {
    const dockerfile = readFileSync(path.join(deploy, 'machine-image', 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^USER 1000(:1000)?$/m);
    expect(dockerfile).toMatch(/^FROM node:20-bookworm-slim$/m); // Debian slim with Node 20
    expect(dockerfile).toMatch(/^CMD \["node", "\/opt\/codetrail\/agent.js"\]$/m);
  });
});
