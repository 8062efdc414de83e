import { eq } from 'drizzle-orm';
import type { OnboardingAnswers } from '@/domain/onboarding/onboarding-chat';
import type { Database } from '@/server/db/client';
import { onboardingAnswers } from '@/server/db/schema';

export type OnboardingRow = typeof onboardingAnswers.$inferSelect;

/** The onboarding chat's stored answers: the only code that reads or writes them. */
export function createOnboardingRepository(db: Database) {
  return {
    async find(userId: string): Promise<OnboardingRow | null> {
      const [row] = await db.select().from(onboardingAnswers).where(eq(onboardingAnswers.userId, userId)).limit(1);
      return row ?? null;
    },

    /** Writes the answers; completedAt is kept from the first completion on. */
    async save(userId: string, values: { answers: OnboardingAnswers; completedAt: Date | null; skipped: boolean; updatedAt: Date }): Promise<OnboardingRow> {
      const [row] = await db
        .insert(onboardingAnswers)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: onboardingAnswers.userId, set: values })
        .returning();
      if (!row) throw new Error('onboarding row missing after upsert');
      return row;
    },
  };
}
