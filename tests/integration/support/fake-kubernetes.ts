/**
 * A test double of the Kubernetes API server (a real cluster cannot run here), for the kubernetes
 * machine driver's tests. It follows the real API's contract for the subset the driver uses, as
 * documented at https://kubernetes.io/docs/reference/using-api/api-concepts/ and observed from
 * kube-apiserver: core/v1 pods, services, persistentvolumeclaims, configmaps and secrets in
 * namespaces that exist.
 *
 * - POST: 201 with the stored object (uid, resourceVersion, creationTimestamp, namespace set);
 *   409 `Status` AlreadyExists; 422 Invalid for names, labels and ConfigMap keys the real
 *   validation refuses; 400 BadRequest when kind or namespace do not match the URL. A Secret's
 *   stringData is merged into data (base64) and not stored.
 * - GET one: 200, or 404 `Status` NotFound. GET list: `<Kind>List` whose items carry no kind or
 *   apiVersion (as the real lists), filtered by equality `labelSelector`s (`a=b`, `a==b`, `a!=b`).
 * - PUT: replaces; 409 Conflict on a stale resourceVersion, 422 on an immutable ConfigMap's data.
 * - DELETE: pods first get metadata.deletionTimestamp and disappear after `podDeleteDelayMs`
 *   (graceful termination); a claim a pod still mounts stays (pvc-protection finalizer) until the
 *   pod is gone; others go at once and answer a `Status` Success.
 * - Pods: Pending, then after `podStartDelayMs` what the kubelet would make of them: Unschedulable
 *   while their claim is missing; init container waiting while the ConfigMap volume is missing
 *   or lacks a key its items name;
 *   CreateContainerConfigError while the Secret of a secretKeyRef is missing; ErrImagePull then
 *   ImagePullBackOff for an image whose name contains `broken`; Failed (the container exited 1,
 *   as with restartPolicy Never) for an image containing `exits`; else Running with Ready True.
 * - With `token` set, a request without `Authorization: Bearer <token>` is 401 Unauthorized.
 *
 * Every request is recorded (method, path, query, parsed body) for assertions.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

export type FakeResource = 'pods' | 'services' | 'persistentvolumeclaims' | 'configmaps' | 'secrets';

const KINDS: Record<FakeResource, string> = {
  pods: 'Pod',
  services: 'Service',
  persistentvolumeclaims: 'PersistentVolumeClaim',
  configmaps: 'ConfigMap',
  secrets: 'Secret',
};

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export interface FakeKubernetesOptions {
  namespaces?: string[];
  token?: string;
  podStartDelayMs?: number;
  podDeleteDelayMs?: number;
}

export interface FakeKubernetes {
  url: string;
  requests: RecordedRequest[];
  /** The stored objects of a kind in a namespace, by name (what a GET would answer). */
  objects(namespace: string, resource: FakeResource): Map<string, Json>;
  close(): Promise<void>;
}

const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const DNS1035_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const LABEL_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
const CONFIG_KEY = /^[-._a-zA-Z0-9]+$/;

class ApiFailure extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const asObject = (value: unknown): Json => (isObject(value) ? value : {});
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const clone = <T>(value: T): T => structuredClone(value);

function statusBody(code: number, reason: string, message: string, details?: Json): Json {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: code < 400 ? 'Success' : 'Failure', message, reason, code, ...(details ? { details } : {}) };
}

function validName(resource: FakeResource, name: string): string | null {
  if (resource === 'services') return name.length <= 63 && DNS1035_LABEL.test(name) ? null : `a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character`;
  return name.length <= 253 && DNS1123_SUBDOMAIN.test(name) ? null : `a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character`;
}

function labelProblems(labels: Json): string[] {
  const problems: string[] = [];
  for (const [key, value] of Object.entries(labels)) {
    const slash = key.lastIndexOf('/');
    const prefix = slash >= 0 ? key.slice(0, slash) : null;
    const name = slash >= 0 ? key.slice(slash + 1) : key;
    if (prefix !== null && (prefix.length > 253 || !DNS1123_SUBDOMAIN.test(prefix))) problems.push(`metadata.labels: Invalid value: "${key}": prefix part must be a DNS-1123 subdomain`);
    if (name.length > 63 || !LABEL_NAME.test(name)) problems.push(`metadata.labels: Invalid value: "${key}": name part must consist of alphanumeric characters, '-', '_' or '.'`);
    if (typeof value !== 'string' || value.length > 63 || !LABEL_VALUE.test(value)) problems.push(`metadata.labels: Invalid value: "${String(value)}": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.'`);
  }
  return problems;
}

/** The kind-specific validation the real API server does that the driver could get wrong. */
function specProblems(resource: FakeResource, object: Json): string[] {
  const problems: string[] = [];
  const spec = asObject(object.spec);
  if (resource === 'configmaps') {
    for (const key of Object.keys(asObject(object.data))) if (key.length > 253 || !CONFIG_KEY.test(key)) problems.push(`data[${key}]: Invalid value: "${key}": a valid config key must consist of alphanumeric characters, '-', '_' or '.'`);
  }
  if (resource === 'secrets') {
    for (const key of [...Object.keys(asObject(object.data)), ...Object.keys(asObject(object.stringData))]) if (!CONFIG_KEY.test(key)) problems.push(`data[${key}]: Invalid value: "${key}"`);
  }
  if (resource === 'persistentvolumeclaims') {
    if (asArray(spec.accessModes).length === 0) problems.push('spec.accessModes: Required value: at least 1 access mode is required');
    const storage = asObject(asObject(spec.resources).requests).storage;
    if (typeof storage !== 'string' || !/^\d+(Ki|Mi|Gi|Ti)?$/.test(storage)) problems.push('spec.resources[storage]: Required value');
  }
  if (resource === 'services') {
    const ports = asArray(spec.ports);
    if (ports.length === 0) problems.push('spec.ports: Required value');
    for (const port of ports) {
      const number = asObject(port).port;
      if (typeof number !== 'number' || number < 1 || number > 65535) problems.push('spec.ports[].port: Invalid value');
    }
  }
  if (resource === 'pods') {
    const volumes = new Set(asArray(spec.volumes).map((volume) => asObject(volume).name));
    const containers = [...asArray(spec.initContainers), ...asArray(spec.containers)].map(asObject);
    if (asArray(spec.containers).length === 0) problems.push('spec.containers: Required value');
    for (const container of containers) {
      if (typeof container.name !== 'string' || !DNS1035_LABEL.test(container.name)) problems.push('spec.containers[].name: Invalid value');
      if (typeof container.image !== 'string' || container.image === '') problems.push('spec.containers[].image: Required value');
      for (const mount of asArray(container.volumeMounts).map(asObject)) if (!volumes.has(mount.name)) problems.push(`spec.containers[].volumeMounts.name: Not found: "${String(mount.name)}"`);
    }
    if (!['Always', 'OnFailure', 'Never', undefined].includes(spec.restartPolicy as string | undefined)) problems.push('spec.restartPolicy: Unsupported value');
  }
  return problems;
}

/** Equality-based selectors (`a=b`, `a==b`, `a!=b`, comma = and). */
function selectorMatcher(selector: string | undefined): (labels: Json) => boolean {
  if (!selector) return () => true;
  const terms = selector.split(',').map((term) => {
    const match = /^\s*([^!=\s]+)\s*(==|=|!=)\s*([^!=\s]*)\s*$/.exec(term);
    if (!match) throw new ApiFailure(400, 'BadRequest', `unable to parse requirement: the fake supports equality selectors only: ${term}`);
    const [, key = '', operator = '', value = ''] = match;
    return { key, negate: operator === '!=', value };
  });
  return (labels) => terms.every(({ key, negate, value }) => (labels[key] === value) !== negate);
}

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('error', reject);
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (text === '') return resolve(undefined);
      try {
        resolve(JSON.parse(text));
      } catch {
        reject(new ApiFailure(400, 'BadRequest', 'the request body is not JSON'));
      }
    });
  });
}

export async function startFakeKubernetes(options: FakeKubernetesOptions = {}): Promise<FakeKubernetes> {
  const namespaces = new Set(options.namespaces ?? ['codetrail-machines']);
  const startDelay = options.podStartDelayMs ?? 60;
  const deleteDelay = options.podDeleteDelayMs ?? 60;
  const store = new Map<string, Map<string, Json>>();
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let resourceVersion = 1000;

  const bucket = (namespace: string, resource: FakeResource) => {
    const key = `${namespace}/${resource}`;
    let map = store.get(key);
    if (!map) store.set(key, (map = new Map()));
    return map;
  };
  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };
  const nextVersion = () => String((resourceVersion += 1));
  const stamp = () => new Date().toISOString();

  function claimsInUse(namespace: string): Set<string> {
    const used = new Set<string>();
    for (const pod of bucket(namespace, 'pods').values()) {
      for (const volume of asArray(asObject(pod.spec).volumes)) {
        const claim = asObject(asObject(volume).persistentVolumeClaim).claimName;
        if (typeof claim === 'string') used.add(claim);
      }
    }
    return used;
  }

  /** Finishes deleting claims whose last pod is gone (the pvc-protection controller). */
  function releaseClaims(namespace: string) {
    const used = claimsInUse(namespace);
    const claims = bucket(namespace, 'persistentvolumeclaims');
    for (const [name, claim] of claims) if (asObject(claim.metadata).deletionTimestamp && !used.has(name)) claims.delete(name);
  }

  const containerNames = (spec: Json, field: 'initContainers' | 'containers') => asArray(spec[field]).map((container) => ({ name: String(asObject(container).name), image: String(asObject(container).image) }));

  /** What the scheduler and kubelet make of a pod, once its start delay has passed. */
  function progressPod(namespace: string, name: string, attempt: number) {
    const pod = bucket(namespace, 'pods').get(name);
    if (!pod || asObject(pod.metadata).deletionTimestamp) return;
    const spec = asObject(pod.spec);
    const status = asObject(pod.status);
    const volumes = asArray(spec.volumes).map(asObject);
    const retry = () => later(startDelay, () => progressPod(namespace, name, attempt + 1));
    const waiting = (reason: string, message: string, field: 'initContainers' | 'containers') =>
      containerNames(spec, field).map(({ name: container, image }) => ({ name: container, image, ready: false, restartCount: 0, state: { waiting: { reason, message } } }));
    const update = (next: Json) => {
      pod.status = { ...status, ...next };
      asObject(pod.metadata).resourceVersion = nextVersion();
    };

    const claims = bucket(namespace, 'persistentvolumeclaims');
    const missingClaim = volumes.map((volume) => asObject(volume.persistentVolumeClaim).claimName).find((claim) => typeof claim === 'string' && (!claims.has(claim) || asObject(asObject(claims.get(claim)).metadata).deletionTimestamp));
    if (missingClaim !== undefined) {
      update({ phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message: `0/1 nodes are available: persistentvolumeclaim "${String(missingClaim)}" not found.` }] });
      return retry();
    }
    const scheduled = { type: 'PodScheduled', status: 'True' };
    const configMaps = bucket(namespace, 'configmaps');
    // A ConfigMap volume mounts once its map exists and holds every key its items name (else FailedMount).
    const missingMap = volumes
      .map((volume) => asObject(volume.configMap))
      .find((source) => {
        if (typeof source.name !== 'string') return false;
        const map = configMaps.get(source.name);
        return !map || asArray(source.items).some((item) => asObject(map.data)[String(asObject(item).key)] === undefined);
      });
    if (missingMap !== undefined) {
      update({ phase: 'Pending', conditions: [scheduled], initContainerStatuses: waiting('PodInitializing', '', 'initContainers'), containerStatuses: waiting('PodInitializing', '', 'containers') });
      return retry();
    }
    const images = [...containerNames(spec, 'initContainers'), ...containerNames(spec, 'containers')].map((container) => container.image);
    const broken = images.find((image) => image.includes('broken'));
    if (broken) {
      const reason = attempt === 0 ? 'ErrImagePull' : 'ImagePullBackOff';
      const message = `Back-off pulling image "${broken}"`;
      update({ phase: 'Pending', conditions: [scheduled], initContainerStatuses: waiting(reason, message, 'initContainers'), containerStatuses: waiting('PodInitializing', '', 'containers') });
      if (attempt === 0) retry();
      return;
    }
    const secrets = bucket(namespace, 'secrets');
    const initialised = containerNames(spec, 'initContainers').map(({ name: container, image }) => ({ name: container, image, ready: true, restartCount: 0, state: { terminated: { exitCode: 0, reason: 'Completed' } } }));
    const missingSecret = asArray(spec.containers)
      .flatMap((container) => asArray(asObject(container).env))
      .map((env) => asObject(asObject(asObject(env).valueFrom).secretKeyRef))
      .find((ref) => typeof ref.name === 'string' && asObject(asObject(secrets.get(ref.name)).data)[String(ref.key)] === undefined);
    if (missingSecret) {
      update({ phase: 'Pending', conditions: [scheduled], initContainerStatuses: initialised, containerStatuses: waiting('CreateContainerConfigError', `secret "${String(missingSecret.name)}" not found`, 'containers') });
      return retry();
    }
    if (images.some((image) => image.includes('exits'))) {
      update({
        phase: 'Failed',
        conditions: [scheduled, { type: 'Ready', status: 'False', reason: 'PodFailed' }],
        initContainerStatuses: initialised,
        containerStatuses: containerNames(spec, 'containers').map(({ name: container, image }) => ({ name: container, image, ready: false, restartCount: 0, state: { terminated: { exitCode: 1, reason: 'Error' } } })),
      });
      return;
    }
    update({
      phase: 'Running',
      podIP: '10.244.0.17',
      startTime: stamp(),
      conditions: [scheduled, { type: 'Initialized', status: 'True' }, { type: 'ContainersReady', status: 'True' }, { type: 'Ready', status: 'True' }],
      initContainerStatuses: initialised,
      containerStatuses: containerNames(spec, 'containers').map(({ name: container, image }) => ({ name: container, image, ready: true, started: true, restartCount: 0, state: { running: { startedAt: stamp() } } })),
    });
  }

  function create(namespace: string, resource: FakeResource, body: unknown): Json {
    if (!isObject(body)) throw new ApiFailure(400, 'BadRequest', 'the body of the request was in an unknown format');
    if (body.kind !== KINDS[resource] || body.apiVersion !== 'v1') throw new ApiFailure(400, 'BadRequest', `the API version in the data (${String(body.apiVersion)}) and kind (${String(body.kind)}) do not match ${resource} in v1`);
    const object = clone(body);
    const metadata = asObject(object.metadata);
    if (metadata.namespace !== undefined && metadata.namespace !== namespace) throw new ApiFailure(400, 'BadRequest', 'the namespace of the provided object does not match the namespace sent on the request');
    const name = metadata.name;
    if (typeof name !== 'string' || name === '') throw new ApiFailure(422, 'Invalid', `${KINDS[resource]} "" is invalid: metadata.name: Required value: name or generateName is required`);
    const problems = [...(validName(resource, name) ? [`metadata.name: Invalid value: "${name}": ${validName(resource, name)}`] : []), ...labelProblems(asObject(metadata.labels)), ...specProblems(resource, object)];
    if (problems.length > 0) throw new ApiFailure(422, 'Invalid', `${KINDS[resource]} "${name}" is invalid: ${problems.join(', ')}`);
    const objects = bucket(namespace, resource);
    if (objects.has(name)) throw new ApiFailure(409, 'AlreadyExists', `${resource} "${name}" already exists`);
    object.metadata = { ...metadata, namespace, uid: randomUUID(), resourceVersion: nextVersion(), creationTimestamp: stamp() };
    if (resource === 'secrets') {
      const data = asObject(object.data);
      for (const [key, value] of Object.entries(asObject(object.stringData))) data[key] = Buffer.from(String(value), 'utf8').toString('base64');
      object.data = data;
      delete object.stringData;
      object.type ??= 'Opaque';
    }
    if (resource === 'persistentvolumeclaims') {
      asObject(object.metadata).finalizers = ['kubernetes.io/pvc-protection'];
      object.status = { phase: 'Pending' };
    }
    if (resource === 'services') object.spec = { ...asObject(object.spec), clusterIP: `10.96.0.${(resourceVersion % 250) + 2}` };
    if (resource === 'pods') {
      object.status = { phase: 'Pending', qosClass: 'Guaranteed' };
      later(startDelay, () => progressPod(namespace, name, 0));
    }
    objects.set(name, object);
    return object;
  }

  function replace(namespace: string, resource: FakeResource, name: string, body: unknown): Json {
    const objects = bucket(namespace, resource);
    const current = objects.get(name);
    if (!current) throw new ApiFailure(404, 'NotFound', `${resource} "${name}" not found`);
    if (!isObject(body) || asObject(body.metadata).name !== name) throw new ApiFailure(400, 'BadRequest', 'the name of the object does not match the name on the URL');
    const version = asObject(body.metadata).resourceVersion;
    if (version !== undefined && version !== asObject(current.metadata).resourceVersion) throw new ApiFailure(409, 'Conflict', `Operation cannot be fulfilled on ${resource} "${name}": the object has been modified; please apply your changes to the latest version and try again`);
    if (resource === 'configmaps' && current.immutable === true && JSON.stringify(body.data) !== JSON.stringify(current.data)) throw new ApiFailure(422, 'Invalid', `ConfigMap "${name}" is invalid: data: Forbidden: field is immutable when \`immutable\` is set`);
    const problems = [...labelProblems(asObject(asObject(body.metadata).labels)), ...specProblems(resource, body)];
    if (problems.length > 0) throw new ApiFailure(422, 'Invalid', `${KINDS[resource]} "${name}" is invalid: ${problems.join(', ')}`);
    const object = clone(body);
    const metadata = asObject(current.metadata);
    object.metadata = { ...asObject(object.metadata), namespace, uid: metadata.uid, creationTimestamp: metadata.creationTimestamp, resourceVersion: nextVersion() };
    if (resource === 'secrets') {
      const data = asObject(object.data);
      for (const [key, value] of Object.entries(asObject(object.stringData))) data[key] = Buffer.from(String(value), 'utf8').toString('base64');
      object.data = data;
      delete object.stringData;
    }
    if (current.status !== undefined) object.status = current.status;
    objects.set(name, object);
    return object;
  }

  function remove(namespace: string, resource: FakeResource, name: string, body: unknown): Json {
    const objects = bucket(namespace, resource);
    const object = objects.get(name);
    if (!object) throw new ApiFailure(404, 'NotFound', `${resource} "${name}" not found`);
    const metadata = asObject(object.metadata);
    if (resource === 'pods') {
      if (!metadata.deletionTimestamp) {
        const grace = asObject(body).gracePeriodSeconds;
        metadata.deletionTimestamp = stamp();
        metadata.deletionGracePeriodSeconds = typeof grace === 'number' ? grace : 30;
        metadata.resourceVersion = nextVersion();
        later(deleteDelay, () => {
          objects.delete(name);
          releaseClaims(namespace);
        });
      }
      return object;
    }
    if (resource === 'persistentvolumeclaims') {
      metadata.deletionTimestamp ??= stamp();
      if (!claimsInUse(namespace).has(name)) objects.delete(name);
      return object;
    }
    objects.delete(name);
    return statusBody(200, '', '', { name, kind: resource, uid: metadata.uid });
  }

  function list(namespace: string, resource: FakeResource, selector: string | undefined): Json {
    const matches = selectorMatcher(selector);
    const items = [...bucket(namespace, resource).values()]
      .filter((object) => matches(asObject(asObject(object.metadata).labels)))
      .map((object) => {
        const item = clone(object);
        delete item.kind;
        delete item.apiVersion;
        return item;
      });
    return { kind: `${KINDS[resource]}List`, apiVersion: 'v1', metadata: { resourceVersion: String(resourceVersion) }, items };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const body = await readJson(req);
    requests.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams), body });
    if (options.token && req.headers.authorization !== `Bearer ${options.token}`) throw new ApiFailure(401, 'Unauthorized', 'Unauthorized');
    if (body !== undefined && method !== 'DELETE' && !String(req.headers['content-type'] ?? '').startsWith('application/json')) throw new ApiFailure(415, 'UnsupportedMediaType', `the body of the request was in an unknown format - accepted media types include: application/json`);
    const match = /^\/api\/v1\/namespaces\/([^/]+)\/([a-z]+)(?:\/([^/]+))?$/.exec(url.pathname);
    if (!match) throw new ApiFailure(404, 'NotFound', 'the server could not find the requested resource');
    const [, namespace = '', resourceName = '', encodedName] = match;
    if (!(resourceName in KINDS)) throw new ApiFailure(404, 'NotFound', 'the server could not find the requested resource');
    const resource = resourceName as FakeResource;
    if (!namespaces.has(namespace)) throw new ApiFailure(404, 'NotFound', `namespaces "${namespace}" not found`);
    const name = encodedName === undefined ? undefined : decodeURIComponent(encodedName);
    const send = (status: number, payload: Json) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(payload));

    if (name === undefined && method === 'GET') return send(200, list(namespace, resource, url.searchParams.get('labelSelector') ?? undefined));
    if (name === undefined && method === 'POST') return send(201, create(namespace, resource, body));
    if (name !== undefined && method === 'GET') {
      const object = bucket(namespace, resource).get(name);
      if (!object) throw new ApiFailure(404, 'NotFound', `${resource} "${name}" not found`);
      return send(200, object);
    }
    if (name !== undefined && method === 'PUT') return send(200, replace(namespace, resource, name, body));
    if (name !== undefined && method === 'DELETE') return send(200, remove(namespace, resource, name, body));
    throw new ApiFailure(405, 'MethodNotAllowed', `the server does not allow this method on the requested resource`);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const failure = error instanceof ApiFailure ? error : new ApiFailure(500, 'InternalError', String(error));
      if (!res.headersSent) res.writeHead(failure.code, { 'Content-Type': 'application/json' }).end(JSON.stringify(statusBody(failure.code, failure.reason, failure.message)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    objects: (namespace, resource) => bucket(namespace, resource),
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
