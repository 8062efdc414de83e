import { randomBytes } from 'node:crypto';
import type { Machine, MachineList, MachineLoginToken } from '@/domain/machines/machine-dto';
import {
  MACHINE_ID_PATTERN,
  MACHINE_TEMPLATES,
  createRefusal,
  diskRefusal,
  diskStopNotice,
  machineTemplate,
  refusalReason,
  startRefusal,
  type MachineQuota,
  type MachineState,
  type MachineTemplateId,
} from '@/domain/machines/machine-rules';
import { logger } from '@/lib/logger';
import { reportError } from '@/lib/monitoring/report-error';
import type { Database } from '@/server/db/client';
import { HttpError, conflict, notFound, unauthorized, unprocessable } from '@/server/http/http-error';
import { bindLoginToken, LOGIN_TOKEN_SECONDS, sameBinding, signLoginToken, verifyLoginToken } from '@/server/machines/login-token';
import type { InstanceMachineGrant, MachineNetwork, MachineSpec, Provisioner } from '@/domain/machines/machine-contracts';
import { createMachineRepository, newMachineId, type MachineRow } from '@/server/repositories/machine-repository';

/**
 * Machines (docs/machines.md): the database row is the truth about a machine's state; the
 * provisioner does what the row says. Every transition is one conditional UPDATE through the
 * domain's state machine, so two clicks, two tabs or two app processes cannot start a machine
 * twice. A learner only ever reaches their own machines: anyone else's answers the same 404 as
 * one that never existed.
 */

export interface MachineServiceOptions {
  provisioner: Provisioner;
  quota: MachineQuota;
  network: MachineNetwork;
  /** What machines can reach, in the sentence the machine page, the instance app and the terminal show. */
  networkLine: string;
  idleMinutes: number;
  /** Keys that sign login tokens: the current one first. */
  tokenKeys: string[];
  /** Whether the learner signed out at or after a time (session-service.ts); instance sessions end with it. */
  signedOutSince?: (userId: string, since: Date) => Promise<boolean>;
  now: () => Date;
}

const MACHINE_NOT_FOUND = 'There is no such machine: it may have been deleted, or the link is wrong.';
const TOKEN_REFUSED = {
  malformed: 'This sign-in link is not valid. Open the machine again from Codetrail.',
  signature: 'This sign-in link is not valid. Open the machine again from Codetrail.',
  expired: 'This sign-in link has expired (they last 60 seconds). Open the machine again from Codetrail.',
  spent: 'This sign-in link was already used. Open the machine again from Codetrail.',
  signedOut: 'You signed out of Codetrail after this link was made. Sign in and open the machine again.',
  unbound: 'This sign-in link was opened in another browser than the one that asked for it, so it opens nothing. Open the machine again from Codetrail.',
} as const;

/** Why the web app would not bind a login token to the browser that brought it (the page says it). */
export const BIND_REFUSED = {
  otherAccount: 'This link to a machine belongs to another Codetrail account, so it was not opened. If someone sent it to you, close this window: whatever you type there would go to their machine.',
  invalid: 'This link to a machine is not valid or has expired (they last 60 seconds). Open the machine again from the build area.',
} as const;

export function createMachineService(db: Database, options: MachineServiceOptions) {
  const repo = createMachineRepository(db);
  const { provisioner, quota } = options;
  /** Starts and stops still under way in this process, so callers (and tests) can wait for them. */
  const pending = new Map<string, Promise<void>>();

  const specOf = (row: MachineRow): MachineSpec => ({
    id: row.id,
    userId: row.ownerId,
    template: row.template as MachineTemplateId,
    agentKey: row.agentKey,
    limits: { memoryMb: quota.memoryMb, cpus: quota.cpus, diskMb: quota.diskMb, maxProcesses: 256, network: options.network },
  });

  function dto(row: MachineRow): Machine {
    const template = machineTemplate(row.template);
    return {
      type: 'instance',
      id: row.id,
      name: row.name,
      template: row.template as MachineTemplateId,
      templateName: template?.name ?? row.template,
      state: row.state as MachineState,
      lastError: row.lastError,
      diskBytes: row.diskBytes,
      createdAt: row.createdAt.toISOString(),
      lastActiveAt: row.lastActiveAt.toISOString(),
      idleStopAt: row.state === 'running' ? new Date(row.lastActiveAt.getTime() + options.idleMinutes * 60_000).toISOString() : null,
    };
  }

  function grant(row: MachineRow): InstanceMachineGrant {
    const running = row.state === 'running';
    return {
      userId: row.ownerId,
      machineId: row.id,
      machineName: row.name,
      template: row.template as MachineTemplateId,
      state: row.state as MachineState,
      agent: running ? provisioner.agentEndpoint(row.id) : null,
      agentKey: running ? row.agentKey : null,
      network: options.networkLine,
    };
  }

  async function owned(userId: string, id: string): Promise<MachineRow> {
    if (!MACHINE_ID_PATTERN.test(id)) throw notFound(MACHINE_NOT_FOUND);
    const row = await repo.findOwned(userId, id);
    if (!row) throw notFound(MACHINE_NOT_FOUND);
    return row;
  }

  function track(id: string, work: Promise<void>): void {
    const tracked = work.finally(() => {
      if (pending.get(id) === tracked) pending.delete(id);
    });
    pending.set(id, tracked);
  }

  /** Stops a machine's processes and records it stopped, with what its files take now. */
  async function halt(row: MachineRow, why: string, tellLearner: string | null = null): Promise<void> {
    try {
      await provisioner.stop(row.id);
    } catch (error) {
      reportError(error, { area: 'machines', message: `machines: could not stop ${row.id} (${why})` });
      await repo.transition(row.id, 'failed', { lastError: 'The machine could not be stopped cleanly. Try again.' });
      return;
    }
    const diskBytes = await provisioner.diskUsage(row.id).catch(() => row.diskBytes);
    await repo.transition(row.id, 'stopped', { runtimeRef: null, stoppedAt: options.now(), diskBytes, ...(tellLearner ? { lastError: tellLearner } : {}) });
    logger.info(`machines: ${row.id} stopped (${why})`);
  }

  async function bootInBackground(row: MachineRow): Promise<void> {
    try {
      const running = await provisioner.start(specOf(row));
      const now = options.now();
      const started = await repo.transition(row.id, 'started', { runtimeRef: running.ref, startedAt: now, lastActiveAt: now, lastError: null });
      // Stopped or deleted while it was starting: the processes must not outlive the row's word.
      if (!started) await provisioner.stop(row.id);
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'The machine could not start.';
      logger.warn(`machines: ${row.id} failed to start: ${message}`);
      await provisioner.stop(row.id).catch(() => undefined);
      await repo.transition(row.id, 'failed', { lastError: message.slice(0, 500) });
    }
  }

  return {
    async list(userId: string): Promise<MachineList> {
      const rows = await repo.listByOwner(userId);
      return {
        machines: rows.map(dto),
        limits: { maxMachines: quota.maxMachines, maxRunning: quota.maxRunning, diskMb: quota.diskMb, memoryMb: quota.memoryMb, cpus: quota.cpus, network: options.networkLine },
        templates: MACHINE_TEMPLATES.map(({ id, name, description }) => ({ id, name, description })),
      };
    },

    async get(userId: string, id: string): Promise<Machine> {
      return dto(await owned(userId, id));
    },

    async create(userId: string, body: { template: MachineTemplateId; name?: string }): Promise<Machine> {
      const template = machineTemplate(body.template);
      if (!template) throw unprocessable(`There is no template "${body.template}".`);
      const row = await db.transaction(async (tx) => {
        const txRepo = createMachineRepository(tx as unknown as Database);
        const mine = await txRepo.lockOwned(userId);
        const refusal = createRefusal(mine.length, quota);
        if (refusal) throw conflict(refusal);
        const names = new Set(mine.map((machine) => machine.name));
        let name = body.name ?? template.name;
        for (let index = 2; names.has(name); index += 1) name = `${body.name ?? template.name} ${index}`;
        return txRepo.insert({ id: newMachineId(), ownerId: userId, name, template: template.id, driver: provisioner.driver, agentKey: randomBytes(32).toString('base64url'), now: options.now() });
      });
      try {
        await provisioner.create(specOf(row));
      } catch (error) {
        await repo.remove(userId, row.id);
        reportError(error, { area: 'machines', message: `machines: could not make storage for ${row.id}` });
        throw new HttpError(503, 'The machine could not be made just now. Please try again in a moment.');
      }
      const diskBytes = await provisioner.diskUsage(row.id).catch(() => 0);
      await repo.setDiskBytes(row.id, diskBytes);
      return dto({ ...row, diskBytes });
    },

    async rename(userId: string, id: string, name: string): Promise<Machine> {
      await owned(userId, id);
      const row = await repo.rename(userId, id, name);
      if (!row) throw notFound(MACHINE_NOT_FOUND);
      return dto(row);
    },

    /** Answers at once with `starting`; the machine becomes `running` (or `error`, with why) shortly. */
    async start(userId: string, id: string): Promise<Machine> {
      await owned(userId, id);
      const row = await db.transaction(async (tx) => {
        const txRepo = createMachineRepository(tx as unknown as Database);
        const mine = await txRepo.lockOwned(userId);
        const current = mine.find((machine) => machine.id === id);
        if (!current) throw notFound(MACHINE_NOT_FOUND);
        const busy = mine.filter((machine) => machine.id !== id && (machine.state === 'running' || machine.state === 'starting')).length;
        if (current.state === 'stopped' || current.state === 'error') {
          const refusal = startRefusal(busy, quota);
          if (refusal) throw conflict(refusal);
        }
        const moved = await txRepo.transition(id, 'start', { lastError: null, lastActiveAt: options.now() });
        if (!moved) throw conflict(refusalReason(current.state as MachineState, 'start'));
        return moved;
      });
      track(id, bootInBackground(row));
      return dto(row);
    },

    async stop(userId: string, id: string): Promise<Machine> {
      const current = await owned(userId, id);
      const moved = await repo.transition(id, 'stop');
      if (!moved) throw conflict(refusalReason(current.state as MachineState, 'stop'));
      await pending.get(id);
      await halt(moved, 'stopped by the learner');
      return dto((await repo.find(id)) ?? moved);
    },

    async remove(userId: string, id: string): Promise<{ deleted: true }> {
      await owned(userId, id);
      await repo.transition(id, 'stop');
      await pending.get(id);
      await provisioner.remove(id);
      await repo.remove(userId, id);
      return { deleted: true };
    },

    /** A 60-second, single-use token for the instance app, bound to the learner and a running machine. */
    async loginToken(userId: string, id: string): Promise<MachineLoginToken> {
      const row = await owned(userId, id);
      if (row.state !== 'running') throw conflict(row.state === 'starting' ? 'This machine is still starting. Try again in a moment.' : 'Start this machine first.');
      const [key] = options.tokenKeys;
      if (!key) throw new Error('No key signs login tokens');
      const now = options.now();
      const { token, claims } = signLoginToken(key, { uid: userId, mid: id }, now);
      await repo.insertLoginToken({ id: claims.jti, userId, machineId: id, expiresAt: new Date(claims.exp * 1000) }, now);
      return { token, expiresIn: LOGIN_TOKEN_SECONDS };
    },

    /**
     * The learner's browser brings the instance app's login token here (the instance app's /login
     * sends it on, with the hash of a nonce it set in that browser): bound only when it is the
     * token of the learner signed in here, so a token someone else made, planted in this learner's
     * browser, is refused before it opens anything.
     */
    bindLoginToken(userId: string, token: string, binding: string): { ok: true; token: string } | { ok: false; message: string } {
      const verdict = verifyLoginToken(options.tokenKeys, token, options.now());
      if (!verdict.ok || verdict.claims.bnd !== undefined) return { ok: false, message: BIND_REFUSED.invalid };
      if (verdict.claims.uid !== userId) return { ok: false, message: BIND_REFUSED.otherAccount };
      const [key] = options.tokenKeys;
      if (!key) throw new Error('No key signs login tokens');
      return { ok: true, token: bindLoginToken(key, verdict.claims, binding) };
    },

    /**
     * The instance app trades a login token for the machine it opens (once per token): only a
     * token bound to the browser presenting it (`binding`, the hash of that browser's nonce cookie).
     */
    async exchange(token: string, binding: string): Promise<InstanceMachineGrant> {
      const now = options.now();
      const verdict = verifyLoginToken(options.tokenKeys, token, now);
      if (!verdict.ok) throw unauthorized(TOKEN_REFUSED[verdict.reason]);
      if (!sameBinding(verdict.claims, binding)) throw unauthorized(TOKEN_REFUSED.unbound);
      const { jti, uid, mid, exp } = verdict.claims;
      // The instance session begins when the learner asked for the token (signed in then).
      const since = new Date((exp - LOGIN_TOKEN_SECONDS) * 1000);
      if (await options.signedOutSince?.(uid, since)) throw unauthorized(TOKEN_REFUSED.signedOut);
      if (!(await repo.spendLoginToken(jti, uid, mid, now))) throw unauthorized(TOKEN_REFUSED.spent);
      const row = await repo.findOwned(uid, mid);
      if (!row) throw unauthorized(TOKEN_REFUSED.malformed);
      await repo.touch(row.id, now);
      return { ...grant(row), since: since.toISOString() };
    },

    /**
     * The learner used the machine through the instance app: it is not idle. 404 as for a machine
     * that is gone when they signed out since their instance session began (`since`).
     */
    async activity(machineId: string, userId: string, since: Date | null = null): Promise<InstanceMachineGrant> {
      if (since && (await options.signedOutSince?.(userId, since))) throw notFound(MACHINE_NOT_FOUND);
      const row = await owned(userId, machineId);
      if (row.state === 'running') await repo.touch(row.id, options.now());
      return { ...grant(row), ...(since ? { since: since.toISOString() } : {}) };
    },

    /** Stops running machines unused for the idle time; their files stay. */
    async cullIdle(): Promise<string[]> {
      const idle = await repo.idleRunning(new Date(options.now().getTime() - options.idleMinutes * 60_000));
      const stopped: string[] = [];
      for (const row of idle) {
        const moved = await repo.transition(row.id, 'stop');
        if (!moved) continue;
        await halt(moved, `idle for ${options.idleMinutes} minutes`);
        stopped.push(row.id);
      }
      return stopped;
    },

    /**
     * Measures what running machines' files take, and stops a machine over its allowance with its
     * files kept and the learner told why. Where machines have a filesystem of their own (the local
     * driver as root, Kubernetes volumes) writes past the allowance already fail and this never
     * fires; where files are only measured, it is what holds a machine to its allowance.
     * Returns the machines it stopped.
     */
    async refreshDiskUsage(): Promise<string[]> {
      const over: string[] = [];
      for (const row of await repo.running()) {
        const bytes = await provisioner.diskUsage(row.id).catch(() => null);
        if (bytes === null) continue;
        await repo.setDiskBytes(row.id, bytes);
        if (!diskRefusal(bytes, quota)) continue;
        const moved = await repo.transition(row.id, 'stop');
        if (!moved) continue;
        await pending.get(row.id);
        await halt(moved, 'over its disk allowance', diskStopNotice(bytes, quota));
        over.push(row.id);
      }
      return over;
    },

    /**
     * After an app restart: machines still running are adopted, ones caught mid-start or mid-stop
     * are stopped, rows whose processes are gone are marked stopped, and machine processes the
     * database does not know as running (a deleted machine's, say) are stopped.
     */
    async recover(): Promise<{ adopted: string[]; stopped: string[]; orphans: string[] }> {
      const adopted: string[] = [];
      const stopped: string[] = [];
      const rows = await repo.notStopped();
      for (const row of rows) {
        const alive = await provisioner.isRunning(row.id, row.runtimeRef);
        if (alive && row.state === 'running') {
          adopted.push(row.id);
          continue;
        }
        if (alive) await provisioner.stop(row.id);
        await repo.transition(row.id, 'lost', { runtimeRef: null, stoppedAt: options.now(), lastError: row.state === 'starting' ? 'The machine was interrupted while starting. Start it again.' : null });
        stopped.push(row.id);
      }
      const orphans = (await provisioner.listRunning()).filter((id) => !adopted.includes(id));
      for (const id of orphans) await provisioner.stop(id);
      return { adopted, stopped, orphans };
    },

    /** Resolves when this process has no start or stop of the machine under way. */
    async settled(id: string): Promise<void> {
      await pending.get(id);
    },
  };
}

export type MachineService = ReturnType<typeof createMachineService>;
