import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { readBody } from '@/lib/http/read-body';

/**
 * The few Kubernetes REST calls the kubernetes machine driver makes (core/v1 objects in one
 * namespace), over node:http(s).
 *
 * Why not @kubernetes/client-node: its 2.x line loads undici 8, which needs Node ≥ 22.19
 * (zlib.createZstdDecompress, webidl.util.markAsUncloneable) and throws at import on the Node 20
 * this project supports. The wire types below are the fields of the real objects we read or
 * write, as JSON (timestamps are strings here, not the Date objects of the client's models).
 */

export interface ObjectMeta {
  name?: string;
  namespace?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  uid?: string;
  resourceVersion?: string;
  creationTimestamp?: string;
  deletionTimestamp?: string;
}

export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
}

export interface ContainerStateWaiting {
  reason?: string;
  message?: string;
}

export interface ContainerStateTerminated {
  exitCode: number;
  reason?: string;
  message?: string;
}

export interface ContainerStatus {
  name: string;
  ready: boolean;
  restartCount?: number;
  image?: string;
  state?: { waiting?: ContainerStateWaiting; running?: { startedAt?: string }; terminated?: ContainerStateTerminated };
}

export interface PodCondition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason?: string;
  message?: string;
}

export interface PodStatus {
  phase?: 'Pending' | 'Running' | 'Succeeded' | 'Failed' | 'Unknown';
  reason?: string;
  message?: string;
  conditions?: PodCondition[];
  initContainerStatuses?: ContainerStatus[];
  containerStatuses?: ContainerStatus[];
}

export interface Pod extends KubeObject {
  spec?: Record<string, unknown>;
  status?: PodStatus;
}

export interface KubeList<T extends KubeObject> {
  apiVersion?: string;
  kind?: string;
  metadata?: { resourceVersion?: string; continue?: string };
  items: T[];
}

/** A `Status` the API server answers a failed call with. */
export interface KubeStatus {
  kind: 'Status';
  apiVersion?: string;
  status?: 'Success' | 'Failure';
  message?: string;
  reason?: string;
  code?: number;
}

export type CoreResource = 'pods' | 'services' | 'persistentvolumeclaims' | 'configmaps' | 'secrets';

/** A call the API server refused; `reason` is the Status reason (NotFound, AlreadyExists, Conflict …). */
export class KubernetesApiError extends Error {
  override name = 'KubernetesApiError';
  constructor(
    message: string,
    readonly statusCode: number,
    readonly reason: string,
  ) {
    super(message);
  }
}

export const isNotFound = (error: unknown) => error instanceof KubernetesApiError && error.statusCode === 404;
export const isAlreadyExists = (error: unknown) => error instanceof KubernetesApiError && error.statusCode === 409 && error.reason === 'AlreadyExists';

/** Where the API server is and how to authenticate to it. */
export type KubernetesApiSource =
  /** From inside the cluster: the pod's service account (token re-read as the kubelet rotates it). */
  | { kind: 'in-cluster' }
  /** An explicit server: `kubectl proxy` (http://127.0.0.1:8001, no token) or a test double. */
  | { kind: 'server'; url: string; token?: string; caPem?: string };

const SERVICE_ACCOUNT_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';
const TOKEN_REREAD_MS = 60_000;
const REQUEST_TIMEOUT_MS = 30_000;
/** Far above any answer of ours (a list of one namespace's machine pods and claims); a cap all the same. */
const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

interface Connection {
  base: URL;
  ca: string | undefined;
  token: () => string | undefined;
}

function connectionFor(source: KubernetesApiSource): Connection {
  if (source.kind === 'server') {
    const { token, caPem } = source;
    return { base: new URL(source.url), ca: caPem, token: () => token };
  }
  const host = process.env.KUBERNETES_SERVICE_HOST;
  const port = process.env.KUBERNETES_SERVICE_PORT ?? '443';
  if (!host) throw new Error('The kubernetes machine driver runs in-cluster by default, but KUBERNETES_SERVICE_HOST is not set: is this process running in a pod?');
  let cached: { value: string; readAt: number } | null = null;
  return {
    base: new URL(`https://${host.includes(':') ? `[${host}]` : host}:${port}`),
    ca: readFileSync(`${SERVICE_ACCOUNT_DIR}/ca.crt`, 'utf8'),
    token() {
      if (!cached || Date.now() - cached.readAt > TOKEN_REREAD_MS) cached = { value: readFileSync(`${SERVICE_ACCOUNT_DIR}/token`, 'utf8').trim(), readAt: Date.now() };
      return cached.value;
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function asStatus(body: unknown): KubeStatus | null {
  if (typeof body !== 'object' || body === null || (body as { kind?: unknown }).kind !== 'Status') return null;
  return body as KubeStatus;
}

export interface KubernetesApi {
  readonly namespace: string;
  create<T extends KubeObject>(resource: CoreResource, body: T): Promise<T>;
  get<T extends KubeObject>(resource: CoreResource, name: string): Promise<T>;
  replace<T extends KubeObject>(resource: CoreResource, name: string, body: T): Promise<T>;
  list<T extends KubeObject>(resource: CoreResource, labelSelector: string): Promise<KubeList<T>>;
  delete(resource: CoreResource, name: string, options?: { gracePeriodSeconds?: number }): Promise<void>;
}

/** A client for core/v1 objects in `namespace`. */
export function createKubernetesApi(source: KubernetesApiSource, namespace: string): KubernetesApi {
  let connection: Connection | null = null;

  async function call(method: string, path: string, body?: unknown): Promise<unknown> {
    connection ??= connectionFor(source);
    const { base, ca, token } = connection;
    const url = new URL(path, base);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const bearer = token();
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (payload !== undefined) {
      headers['Content-Type'] = 'application/json';
      // Node sends DELETE bodies without chunking: without a length the server cannot read them.
      headers['Content-Length'] = String(Buffer.byteLength(payload));
    }
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = send(url, { method, headers, ca, timeout: REQUEST_TIMEOUT_MS }, resolve);
      req.on('timeout', () => req.destroy(new Error(`The Kubernetes API did not answer ${method} ${url.pathname} within ${REQUEST_TIMEOUT_MS / 1000} s.`)));
      req.on('error', reject);
      req.end(payload);
    });
    const text = (await readBody(response, MAX_RESPONSE_BYTES)).toString('utf8');
    const status = response.statusCode ?? 0;
    const parsed = parseJson(text);
    if (status >= 200 && status < 300) return parsed;
    const failure = asStatus(parsed);
    throw new KubernetesApiError(
      `Kubernetes API ${method} ${url.pathname} answered ${status}: ${failure?.message ?? text.slice(0, 200)}`,
      status,
      failure?.reason ?? 'Unknown',
    );
  }

  const collection = (resource: CoreResource) => `/api/v1/namespaces/${encodeURIComponent(namespace)}/${resource}`;
  const item = (resource: CoreResource, name: string) => `${collection(resource)}/${encodeURIComponent(name)}`;

  return {
    namespace,
    async create<T extends KubeObject>(resource: CoreResource, body: T) {
      return (await call('POST', collection(resource), body)) as T;
    },
    async get<T extends KubeObject>(resource: CoreResource, name: string) {
      return (await call('GET', item(resource, name))) as T;
    },
    async replace<T extends KubeObject>(resource: CoreResource, name: string, body: T) {
      return (await call('PUT', item(resource, name), body)) as T;
    },
    async list<T extends KubeObject>(resource: CoreResource, labelSelector: string) {
      const list = (await call('GET', `${collection(resource)}?labelSelector=${encodeURIComponent(labelSelector)}`)) as KubeList<T> | null;
      return { ...list, items: list?.items ?? [] };
    },
    async delete(resource: CoreResource, name: string, options: { gracePeriodSeconds?: number } = {}) {
      const body: Record<string, unknown> = { apiVersion: 'v1', kind: 'DeleteOptions', propagationPolicy: 'Background' };
      if (options.gracePeriodSeconds !== undefined) body.gracePeriodSeconds = options.gracePeriodSeconds;
      await call('DELETE', item(resource, name), body);
    },
  };
}
