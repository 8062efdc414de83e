/**
 * Runs at once per person on a shared runner (the course engineers' preview runs): one person
 * cannot take every slot of the sandbox pool and its queue while others wait. Per app process
 * (each process has its own pool); the pool's own bound still caps everyone together.
 */
export interface RunSlots {
  /** A slot for `userId`, with the function that gives it back; null when they hold them all. */
  take(userId: string): (() => void) | null;
  /** Slots in use by `userId` (tests, health). */
  inUse(userId: string): number;
}

export function createRunSlots(perUser: number): RunSlots {
  const held = new Map<string, number>();
  return {
    take(userId) {
      const current = held.get(userId) ?? 0;
      if (current >= perUser) return null;
      held.set(userId, current + 1);
      let given = false;
      return () => {
        if (given) return;
        given = true;
        const left = (held.get(userId) ?? 1) - 1;
        if (left > 0) held.set(userId, left);
        else held.delete(userId);
      };
    },
    inUse: (userId) => held.get(userId) ?? 0,
  };
}

/** How many preview runs one course engineer may have going at once. */
export const PREVIEW_RUNS_PER_ENGINEER = 2;

export const previewRunsBusyMessage = (perUser: number) => `You already have ${perUser === 1 ? 'a run' : `${perUser} runs`} going. Wait for one to finish, then run again.`;
