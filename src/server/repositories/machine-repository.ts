import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import { nextMachineState, type MachineEvent, type MachineState } from '@/domain/machines/machine-rules';
import type { Database } from '@/server/db/client';
import { machineLoginTokens, machines } from '@/server/db/schema';

export type MachineRow = typeof machines.$inferSelect;

const STATES: MachineState[] = ['starting', 'running', 'stopping', 'stopped', 'error'];
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** "m_" and 12 random lowercase letters or digits (MACHINE_ID_PATTERN): safe in host names and pod names. */
export function newMachineId(): string {
  let id = 'm_';
  for (const byte of randomBytes(12)) id += ALPHABET[byte % ALPHABET.length];
  return id;
}

/** The states an event may leave, and where it leads (the domain's state machine, read once). */
function transitionOf(event: MachineEvent): { from: MachineState[]; to: MachineState } {
  const from = STATES.filter((state) => nextMachineState(state, event) !== null);
  const to = from.map((state) => nextMachineState(state, event)).find((state): state is MachineState => state !== null);
  if (!to) throw new Error(`No state accepts ${event}`);
  return { from, to };
}

export function createMachineRepository(db: Database) {
  return {
    async listByOwner(ownerId: string): Promise<MachineRow[]> {
      return db.select().from(machines).where(eq(machines.ownerId, ownerId)).orderBy(asc(machines.createdAt), asc(machines.id));
    },

    async findOwned(ownerId: string, id: string): Promise<MachineRow | null> {
      const [row] = await db.select().from(machines).where(and(eq(machines.id, id), eq(machines.ownerId, ownerId)));
      return row ?? null;
    },

    async find(id: string): Promise<MachineRow | null> {
      const [row] = await db.select().from(machines).where(eq(machines.id, id));
      return row ?? null;
    },

    /** Locks the learner's machine rows (a transaction's first step) and returns them. */
    async lockOwned(ownerId: string): Promise<MachineRow[]> {
      return db.select().from(machines).where(eq(machines.ownerId, ownerId)).orderBy(asc(machines.createdAt)).for('update');
    },

    async insert(row: { id: string; ownerId: string; name: string; template: string; driver: string; agentKey: string; now: Date }): Promise<MachineRow> {
      const [inserted] = await db
        .insert(machines)
        .values({ id: row.id, ownerId: row.ownerId, name: row.name, template: row.template, driver: row.driver, agentKey: row.agentKey, state: 'stopped', createdAt: row.now, lastActiveAt: row.now })
        .returning();
      if (!inserted) throw new Error('machine insert returned nothing');
      return inserted;
    },

    async rename(ownerId: string, id: string, name: string): Promise<MachineRow | null> {
      const [row] = await db.update(machines).set({ name }).where(and(eq(machines.id, id), eq(machines.ownerId, ownerId))).returning();
      return row ?? null;
    },

    /**
     * Moves a machine along the state machine only from a state that accepts the event (one
     * conditional UPDATE, so two requests racing cannot both win); null when it was refused.
     */
    async transition(id: string, event: MachineEvent, changes: Partial<Pick<MachineRow, 'runtimeRef' | 'lastError' | 'startedAt' | 'stoppedAt' | 'lastActiveAt' | 'diskBytes'>> = {}): Promise<MachineRow | null> {
      const { from, to } = transitionOf(event);
      const [row] = await db
        .update(machines)
        .set({ ...changes, state: to })
        .where(and(eq(machines.id, id), inArray(machines.state, from)))
        .returning();
      return row ?? null;
    },

    async touch(id: string, at: Date): Promise<void> {
      await db.update(machines).set({ lastActiveAt: at }).where(eq(machines.id, id));
    },

    async setDiskBytes(id: string, bytes: number): Promise<void> {
      await db.update(machines).set({ diskBytes: Math.min(bytes, 2_147_483_647) }).where(eq(machines.id, id));
    },

    async remove(ownerId: string, id: string): Promise<boolean> {
      const deleted = await db.delete(machines).where(and(eq(machines.id, id), eq(machines.ownerId, ownerId))).returning({ id: machines.id });
      return deleted.length > 0;
    },

    /** Running machines nobody used since `before` (machines_state_idx). */
    async idleRunning(before: Date): Promise<MachineRow[]> {
      return db.select().from(machines).where(and(eq(machines.state, 'running'), lte(machines.lastActiveAt, before)));
    },

    async running(): Promise<MachineRow[]> {
      return db.select().from(machines).where(eq(machines.state, 'running'));
    },

    /** Machines the database believes are not stopped (restart recovery). */
    async notStopped(): Promise<MachineRow[]> {
      return db.select().from(machines).where(inArray(machines.state, ['starting', 'running', 'stopping']));
    },

    async insertLoginToken(token: { id: string; userId: string; machineId: string; expiresAt: Date }, now: Date): Promise<void> {
      await db.insert(machineLoginTokens).values(token);
      // Spent and expired tokens are useless: keep the table small as it goes. By the service's
      // clock, as every other time of a token (the database's own now() deleted a token that the
      // service's clock still held valid whenever the two disagreed by a day).
      await db.delete(machineLoginTokens).where(lte(machineLoginTokens.expiresAt, new Date(now.getTime() - 24 * 60 * 60_000)));
    },

    /**
     * Marks a token used, once: false when it is unknown, already used, expired by its row (whatever
     * its signature says), or names someone else's machine.
     */
    async spendLoginToken(id: string, userId: string, machineId: string, at: Date): Promise<boolean> {
      const spent = await db
        .update(machineLoginTokens)
        .set({ usedAt: at })
        .where(
          and(
            eq(machineLoginTokens.id, id),
            eq(machineLoginTokens.userId, userId),
            eq(machineLoginTokens.machineId, machineId),
            isNull(machineLoginTokens.usedAt),
            gt(machineLoginTokens.expiresAt, at),
          ),
        )
        .returning({ id: machineLoginTokens.id });
      return spent.length > 0;
    },
  };
}

export type MachineRepository = ReturnType<typeof createMachineRepository>;
