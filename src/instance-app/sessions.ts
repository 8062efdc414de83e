import { randomBytes } from 'node:crypto';
import type { InstanceMachineGrant } from '@/domain/machines/machine-contracts';
import type { PreviewTarget } from './preview-origin';

/**
 * The instance app's memory: sign-in sessions (from an exchanged token), one-time preview tickets
 * and preview sessions. Nothing is persisted: a restart of the instance app signs everyone out
 * and the web app signs them in again with a fresh token.
 */
export const SESSION_MAX_MS = 12 * 60 * 60_000;
export const SESSION_IDLE_MS = 2 * 60 * 60_000;
export const TICKET_MS = 60_000;

export interface InstanceSession {
  id: string;
  grant: InstanceMachineGrant;
  createdAt: number;
  lastSeenAt: number;
  /** When the web app was last told of activity (the exchange counts). */
  lastActivityAt: number;
  /** The activity call under way, so concurrent requests share it. */
  pendingActivity: Promise<InstanceSession | null> | null;
}

interface Ticket {
  sessionId: string;
  target: PreviewTarget;
  expiresAt: number;
}

interface PreviewSession {
  sessionId: string;
  target: PreviewTarget;
}

export function randomId(): string {
  return randomBytes(32).toString('base64url');
}

export class SessionStore {
  private readonly sessions = new Map<string, InstanceSession>();
  private readonly tickets = new Map<string, Ticket>();
  private readonly previews = new Map<string, PreviewSession>();
  private readonly endListeners: ((sessionId: string) => void)[] = [];

  constructor(private readonly now: () => Date) {}

  private time(): number {
    return this.now().getTime();
  }

  onEnd(listener: (sessionId: string) => void): void {
    this.endListeners.push(listener);
  }

  create(grant: InstanceMachineGrant): InstanceSession {
    const at = this.time();
    const session: InstanceSession = { id: randomId(), grant, createdAt: at, lastSeenAt: at, lastActivityAt: at, pendingActivity: null };
    this.sessions.set(session.id, session);
    return session;
  }

  /** The live session with this id (its idle clock restarts), or null when unknown or expired. */
  get(id: string | undefined): InstanceSession | null {
    if (!id) return null;
    const session = this.sessions.get(id);
    if (!session) return null;
    const at = this.time();
    if (at - session.createdAt >= SESSION_MAX_MS || at - session.lastSeenAt >= SESSION_IDLE_MS) {
      this.end(id);
      return null;
    }
    session.lastSeenAt = at;
    return session;
  }

  end(id: string): void {
    if (!this.sessions.delete(id)) return;
    for (const [ticket, value] of this.tickets) if (value.sessionId === id) this.tickets.delete(ticket);
    for (const [preview, value] of this.previews) if (value.sessionId === id) this.previews.delete(preview);
    for (const listener of this.endListeners) listener(id);
  }

  /** A one-time ticket, valid for a minute, for the preview of one machine's port. */
  issueTicket(sessionId: string, target: PreviewTarget): string {
    const ticket = randomId();
    this.tickets.set(ticket, { sessionId, target, expiresAt: this.time() + TICKET_MS });
    return ticket;
  }

  /** Spends a ticket given on the preview host of `target`: the new preview session's id, or null. */
  redeemTicket(ticket: string | null, target: PreviewTarget): string | null {
    if (!ticket) return null;
    const found = this.tickets.get(ticket);
    if (!found) return null;
    this.tickets.delete(ticket);
    if (found.expiresAt <= this.time() || found.target.machineId !== target.machineId || found.target.port !== target.port) return null;
    const session = this.get(found.sessionId);
    if (!session || session.grant.machineId !== target.machineId) return null;
    const id = randomId();
    this.previews.set(id, { sessionId: session.id, target });
    return id;
  }

  /** The instance session behind a preview cookie on the preview host of `target`, or null. */
  previewSession(id: string | undefined, target: PreviewTarget): InstanceSession | null {
    if (!id) return null;
    const preview = this.previews.get(id);
    if (!preview || preview.target.machineId !== target.machineId || preview.target.port !== target.port) return null;
    const session = this.get(preview.sessionId);
    if (!session) {
      this.previews.delete(id);
      return null;
    }
    return session.grant.machineId === target.machineId ? session : null;
  }

  /** Forgets expired sessions and tickets (run now and then). */
  sweep(): void {
    const at = this.time();
    for (const id of [...this.sessions.keys()]) this.get(id);
    for (const [ticket, value] of this.tickets) if (value.expiresAt <= at) this.tickets.delete(ticket);
  }

  get size(): number {
    return this.sessions.size;
  }
}
