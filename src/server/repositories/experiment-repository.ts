import { sql } from 'drizzle-orm';
import type { AnyVariant, ExperimentName } from '@/domain/experiments/experiments';
import type { Database } from '@/server/db/client';
import { experimentExposures } from '@/server/db/schema';

export interface ExposureRow {
  experiment: ExperimentName;
  variant: AnyVariant;
  bucketId: string;
  userId: string | null;
  at: Date;
}

export function createExperimentRepository(db: Database) {
  return {
    /** The first exposure of a bucket to an experiment is kept; later ones change nothing. */
    async recordExposures(rows: readonly ExposureRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insert(experimentExposures)
        .values(rows.map((row) => ({ experiment: row.experiment, variant: row.variant, bucketId: row.bucketId, userId: row.userId, firstSeenAt: row.at })))
        .onConflictDoNothing();
    },

    /** Exposures per experiment and variant (the course engineers' view, analysis). */
    async exposureCounts(): Promise<{ experiment: string; variant: string; exposures: number }[]> {
      const rows = await db
        .select({ experiment: experimentExposures.experiment, variant: experimentExposures.variant, exposures: sql<number>`count(*)::int` })
        .from(experimentExposures)
        .groupBy(experimentExposures.experiment, experimentExposures.variant)
        .orderBy(experimentExposures.experiment, experimentExposures.variant);
      return rows.map((row) => ({ ...row, exposures: Number(row.exposures) }));
    },
  };
}
