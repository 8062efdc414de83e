/**
 * The contracts between the four parts of machines (docs/machines.md):
 *
 *   web app (Next, machine-service) --Provisioner--> driver (local | kubernetes)
 *   driver starts, per running machine, one **agent** (src/machine-agent) inside the machine's sandbox
 *   instance app (its own process and origin) --agent protocol--> agent
 *   instance app --internal API (shared secret)--> web app: token exchange and activity
 *
 * Learner code only ever runs inside a machine (the agent and everything it spawns). Nothing here
 * imports from a driver or from the instance app: each side depends on this file only. It lives in
 * src/domain (pure, importing nothing of the app) because all three processes import it, the agent's
 * bundle included (the import zones in eslint.config.mjs).
 */

import type { MachineNetwork } from '@/domain/machines/egress-rules';
import type { MachineState, MachineTemplateId } from '@/domain/machines/machine-rules';

export type { MachineNetwork, MachineState, MachineTemplateId };

/** What the driver must hold a machine's processes to. */
export interface MachineResourceLimits {
  /** Memory of every process of the machine together (local: per-process address space cap). */
  memoryMb: number;
  /** CPU share: 1 = one core (local: nice + CPU-seconds per process are the tools here). */
  cpus: number;
  /** Workspace size; writes beyond it fail inside the machine (local: file-size cap + periodic check). */
  diskMb: number;
  /** Process count inside the machine. */
  maxProcesses: number;
  /**
   * Network: 'none' (loopback only, the default), 'allow-list' (no network of its own; the egress
   * proxy on 127.0.0.1:3128 reaches the allow-listed registries only) or 'internet'.
   */
  network: MachineNetwork;
}

export interface MachineSpec {
  id: string;
  userId: string;
  template: MachineTemplateId;
  limits: MachineResourceLimits;
  /** Shared with the agent: every agent request carries it in AGENT_KEY_HEADER. */
  agentKey: string;
}

/** How the instance app reaches a running machine's agent. */
/**
 * Where a machine's agent listens. A unix socket names the uid that must own it (agent-socket.ts
 * refuses anything else at the path: the machine can write the folder it is in).
 */
export type AgentEndpoint = { kind: 'socket'; path: string; owner?: number } | { kind: 'tcp'; host: string; port: number };

export interface RunningMachine {
  agent: AgentEndpoint;
  /** Driver-specific handle kept in the database (local: the supervisor pid; kubernetes: the pod name). */
  ref: string;
}

export interface Provisioner {
  readonly driver: 'local' | 'kubernetes';
  /** Makes the machine's storage (workspace folder / persistent volume claim) with the template's files. */
  create(spec: MachineSpec): Promise<void>;
  /** Starts the machine (its files as they were) and resolves once its agent answers /health. */
  start(spec: MachineSpec): Promise<RunningMachine>;
  /** Kills every process of the machine; its files stay. Idempotent. */
  stop(machineId: string): Promise<void>;
  /** Stops it and deletes its storage. Idempotent. */
  remove(machineId: string): Promise<void>;
  /** Whether the machine's processes are running now (restart recovery asks this). */
  isRunning(machineId: string, ref: string | null): Promise<boolean>;
  /** Machines this driver finds running, for adopting or stopping what a crashed app left behind. */
  listRunning(): Promise<string[]>;
  /** Bytes the machine's files take. */
  diskUsage(machineId: string): Promise<number>;
  /** The agent endpoint of a running machine (stable across restarts of the machine). */
  agentEndpoint(machineId: string): AgentEndpoint;
}

// ---- The agent protocol (HTTP/1.1 and WebSocket; every request carries the key) ----

export const AGENT_KEY_HEADER = 'x-codetrail-agent-key';
/** The agent's port inside a Kubernetes pod; the local driver uses a unix socket instead. */
export const AGENT_TCP_PORT = 7681;
/** Where a machine's files are, as the machine sees them. */
export const MACHINE_WORKSPACE = '/workspace';

/**
 * - `GET  /health` → `{ ok: true, startedAt: string }`
 * - `GET  /files` → `{ entries: AgentFileEntry[] }` (the workspace tree, node_modules and .git not
 *   descended into, at most 5,000 entries, `truncated` when cut)
 * - `GET  /file?path=` → the file's bytes (404 missing, 413 over 2 MB)
 * - `PUT  /file?path=` (body: the bytes) → 204; parent folders are made; 413 over 2 MB
 * - `DELETE /file?path=` → 204 (a folder is removed with its contents)
 * - `POST /rename` `{ from, to }` → 204
 * - `WS   /pty?cols=&rows=` → a shell (bash, else sh) in /workspace; messages are JSON AgentPtyMessage
 * - `*    /ports/{port}/{rest}` → proxied to http://127.0.0.1:{port}/{rest} inside the machine
 *   (WebSocket upgrades too); 502 with a sentence when nothing listens there.
 * Paths are relative to the workspace; absolute paths, `..` and symlinks leaving it answer 400.
 */
export interface AgentFileEntry {
  path: string;
  type: 'file' | 'dir';
  size: number;
}

export type AgentPtyClientMessage = { type: 'input'; data: string } | { type: 'resize'; cols: number; rows: number };
export type AgentPtyServerMessage = { type: 'output'; data: string } | { type: 'exit'; code: number };

// ---- The internal API the instance app calls on the web app ----

/** Header carrying INSTANCE_APP_SECRET on instance app → web app calls. */
export const INSTANCE_SECRET_HEADER = 'x-codetrail-instance-secret';

/** `POST /api/internal/instance/exchange` body. Single use: a second exchange of a token answers 401. */
export interface InstanceExchangeRequest {
  token: string;
}

export interface InstanceMachineGrant {
  userId: string;
  machineId: string;
  machineName: string;
  template: MachineTemplateId;
  state: MachineState;
  agent: AgentEndpoint | null;
  agentKey: string | null;
  /** What the machine can reach, as the learner reads it (networkSummary). */
  network: string;
  /**
   * When the learner's instance session began (ISO time: the login token's issue). A sign-out since
   * then ends it: the activity call answers 404 and the instance app closes its terminals.
   */
  since?: string;
}

/**
 * `POST /api/internal/instance/activity` body `{ machineId, userId, since }`: the learner used the
 * machine (terminal, files, preview). Answers the current InstanceMachineGrant (404 when the
 * machine is gone or is not this learner's). The web app's idle stop reads the recorded time.
 */
export interface InstanceActivityRequest {
  machineId: string;
  userId: string;
  /** The grant's `since`: 404 when the learner signed out after it. */
  since?: string;
}
