/**
 * deploy/egress (the egress proxy for MACHINE_NETWORK=allow-list on Kubernetes) agrees with the
 * proxy program, the machine image that carries it, the web app's configuration that points machine
 * pods at it, and the network policies that fence both sides.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { DEFAULT_EGRESS_ALLOW, parseEgressAllowList } from '@/domain/machines/egress-rules';
import { parseServerEnv } from '@/server/config/server-env';
import { egressProxyConfig } from '@/server/machines/egress-proxy-main';

type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});
const arr = (value: unknown): Json[] => (Array.isArray(value) ? value.map(obj) : []);
const DEPLOY = path.join(__dirname, '..');

function documents(file: string): Json[] {
  const parsed = parseAllDocuments(readFileSync(path.join(DEPLOY, file), 'utf8'));
  for (const document of parsed) expect(document.errors).toEqual([]);
  return parsed.map((document) => obj(document.toJS()));
}

const egress = documents('egress/egress.yaml');
const byKind = (kind: string) => {
  const found = egress.filter((document) => document.kind === kind);
  expect(found).toHaveLength(1);
  return found[0]!;
};
const configMap = byKind('ConfigMap');
const deployment = byKind('Deployment');
const service = byKind('Service');
const podTemplate = obj(obj(deployment.spec).template);
const container = arr(obj(podTemplate.spec).containers)[0]!;
const policies = documents('network-policy.yaml');
const policy = (name: string) => obj(policies.find((document) => obj(document.metadata).name === name));

describe('deploy/egress', () => {
  it('lives in the machines namespace and is never taken for a machine', () => {
    for (const document of egress) expect(obj(document.metadata).namespace).toBe('codetrail-machines');
    // The driver lists and stops pods labelled managed-by=codetrail: the proxy must not carry it.
    expect(obj(obj(podTemplate.metadata).labels)).toEqual({ 'app.kubernetes.io/name': 'codetrail-egress', 'app.kubernetes.io/part-of': 'codetrail' });
    expect(JSON.stringify(egress)).not.toContain('app.kubernetes.io/managed-by');
  });

  it("runs the proxy program the machine image builds, configured by its ConfigMap's allow list", () => {
    expect(container.command).toEqual(['node', '/opt/codetrail/egress-proxy.js']);
    const dockerfile = readFileSync(path.join(DEPLOY, 'machine-image', 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/esbuild src\/server\/machines\/egress-proxy-main\.ts [^\n]*\\\n\s+--outfile=\/out\/egress-proxy\.js/);
    expect(arr(container.envFrom)).toEqual([{ configMapRef: { name: obj(configMap.metadata).name } }]);
    const data = obj(configMap.data) as Record<string, string>;
    const config = egressProxyConfig({ ...data, EGRESS_PORT: '3128' });
    const defaults = parseEgressAllowList(DEFAULT_EGRESS_ALLOW);
    expect(defaults.ok && config.rules).toEqual(defaults.ok ? defaults.value : null);
    expect(config).toMatchObject({ upstreamProxy: null, port: 3128, maxConnections: 32 });
    expect(() => egressProxyConfig({ MACHINE_EGRESS_ALLOW: '10.0.0.1' })).toThrow('name its port too');
  });

  it('is a Service on the address the web app points allow-list machines at by default', () => {
    const target = new URL(parseServerEnv({ MACHINE_NETWORK: 'allow-list', MACHINE_DRIVER: 'kubernetes', MACHINE_IMAGE: 'registry.example/m:1' }).machines.kubernetes.egressProxy);
    expect(target.hostname).toBe(`${String(obj(service.metadata).name)}.${String(obj(service.metadata).namespace)}.svc.cluster.local`);
    const ports = arr(obj(service.spec).ports);
    expect(ports.map((port) => port.port)).toEqual([Number(target.port)]);
    expect(obj(obj(service.spec).selector)).toEqual({ 'app.kubernetes.io/name': 'codetrail-egress' });
    expect(arr(container.ports).map((port) => port.containerPort)).toEqual([Number(target.port)]);
  });

  it('runs locked down', () => {
    expect(obj(podTemplate.spec).automountServiceAccountToken).toBe(false);
    expect(obj(container.securityContext)).toMatchObject({ allowPrivilegeEscalation: false, privileged: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } });
    expect(obj(obj(podTemplate.spec).securityContext)).toMatchObject({ runAsNonRoot: true });
  });

  it('is reachable only from allow-list machine pods, and reaches only DNS and public addresses', () => {
    const fence = obj(policy('egress-proxy').spec);
    expect(obj(fence.podSelector)).toEqual({ matchLabels: { 'app.kubernetes.io/name': obj(obj(podTemplate.metadata).labels)['app.kubernetes.io/name'] } });
    expect(fence.policyTypes).toEqual(['Ingress', 'Egress']);
    expect(arr(fence.ingress)).toEqual([{ from: [{ podSelector: { matchLabels: { 'app.kubernetes.io/managed-by': 'codetrail', 'codetrail.dev/network': 'allow-list' } } }], ports: [{ protocol: 'TCP', port: 3128 }] }]);
    const blocks = arr(fence.egress).flatMap((rule) => arr(rule.to)).map((peer) => obj(peer.ipBlock)).filter((block) => block.cidr);
    const except = blocks.flatMap((block) => block.except as string[]);
    for (const range of ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', '169.254.0.0/16', '127.0.0.0/8', 'fc00::/7', 'fe80::/10', '::1/128']) expect(except).toContain(range);
  });

  it('is the only way out of an allow-list machine pod', () => {
    const machines = obj(policy('machines-allow-list').spec);
    const peers = arr(machines.egress).flatMap((rule) => arr(rule.to));
    expect(peers.some((peer) => 'ipBlock' in peer)).toBe(false);
    expect(peers.filter((peer) => !('namespaceSelector' in peer))).toEqual([{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'codetrail-egress' } } }]);
    // Neither the none nor the internet policy selects allow-list pods.
    for (const name of ['machines-dns-only', 'machines-internet']) expect(obj(obj(obj(policy(name).spec).podSelector).matchLabels)['codetrail.dev/network']).not.toBe('allow-list');
  });
});
