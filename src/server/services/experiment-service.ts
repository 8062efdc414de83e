import { evaluateExperiments, exposuresOf, type Assignments, type ExperimentName, type ForcedVariants } from '@/domain/experiments/experiments';
import type { Database } from '@/server/db/client';
import { createExperimentRepository } from '@/server/repositories/experiment-repository';

/**
 * A/B experiments on the server (issue 16): the variant of every experiment for a request, from the
 * pure rules of src/domain/experiments, and the exposure log (once per bucket and experiment).
 */
export function createExperimentService(db: Database, options: { manuallyStarted: readonly string[]; now: () => Date }) {
  const repository = createExperimentRepository(db);
  // Exposures this process has stored: a learner's every later view of the page writes nothing.
  // Bounded; forgetting only costs a no-op insert (the table keeps the first exposure).
  const recorded = new Set<string>();
  const MAX_REMEMBERED = 50_000;
  return {
    manuallyStarted: options.manuallyStarted,

    assignments(bucketId: string, forced: ForcedVariants = {}): Assignments {
      return evaluateExperiments({ bucketId, now: options.now(), manuallyStarted: options.manuallyStarted, forced });
    },

    /** Records that this bucket was shown these experiments' variants (running and not forced only). */
    async recordExposures(bucketId: string, userId: string | null, assignments: Assignments, shown: readonly ExperimentName[]): Promise<number> {
      const exposures = exposuresOf(assignments, shown).filter((exposure) => !recorded.has(`${exposure.experiment}\u0000${bucketId}`));
      await repository.recordExposures(exposures.map((exposure) => ({ ...exposure, bucketId, userId, at: options.now() })));
      if (recorded.size + exposures.length > MAX_REMEMBERED) recorded.clear();
      for (const exposure of exposures) recorded.add(`${exposure.experiment}\u0000${bucketId}`);
      return exposures.length;
    },

    exposureCounts: () => repository.exposureCounts(),
  };
}

export type ExperimentService = ReturnType<typeof createExperimentService>;
