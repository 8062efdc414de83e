import type { Track } from '@/domain/content/model';
import { achievements } from '@/domain/progress/achievements';
import { shownName } from '@/domain/progress/public-name';
import type { Identity } from '@/server/auth/identity';
import type { Database } from '@/server/db/client';
import { createLearningRepository } from '@/server/repositories/learning-repository';
import { createProgressRepository } from '@/server/repositories/progress-repository';
import { createUserRepository } from '@/server/repositories/user-repository';
import type { ContentService } from './content-service';
import type { ProgressService } from './progress-service';

const lessonsOf = (chapters: Track['tutorials'][number]['chapters']) => chapters.flatMap((chapter) => chapter.lessons);

/** The learner's profile: the name others see, tracks in progress, totals, streaks, achievements. */
export function createProfileService(db: Database, content: ContentService, progress: ProgressService) {
  const users = createUserRepository(db);
  const learning = createLearningRepository(db);
  const progressRepository = createProgressRepository(db);

  async function profile(identity: Identity, now: Date) {
    const [row, completions, published, summary, days] = await Promise.all([
      users.findById(identity.uid),
      learning.completions(identity.uid),
      content.publishedTracks(),
      progress.summary(identity.uid, now),
      progressRepository.dayCounts(identity.uid),
    ]);
    const done = new Set(completions.map((completion) => completion.lessonId));
    const tracks = published.map(({ track }) => {
      const lessons = lessonsOf(track.tutorials.flatMap((tutorial) => tutorial.chapters));
      const completed = lessons.filter((lesson) => done.has(lesson.id)).length;
      return { id: track.id, title: track.title, lessons: lessons.length, completedLessons: completed, percent: lessons.length === 0 ? 0 : Math.floor((completed / lessons.length) * 100) };
    });
    const codeLessonIds = new Set(
      published.flatMap(({ track }) => lessonsOf(track.tutorials.flatMap((tutorial) => tutorial.chapters)).filter((lesson) => lesson.interaction.kind === 'code').map((lesson) => lesson.id)),
    );
    return {
      name: shownName({ id: identity.uid, publicName: row?.publicName ?? null, displayName: row?.displayName ?? identity.displayName }),
      /** Whether the learner chose it (else it comes from their sign-in). */
      nameChosen: Boolean(row?.publicName),
      tracks: tracks.filter((track) => track.completedLessons > 0),
      totals: { xp: summary.totalXp, lessons: done.size, daysLearned: days.learnedDays },
      streak: { current: summary.streak.current, longest: summary.streak.longest },
      achievements: achievements({
        completions: completions.map((completion) => ({ lessonId: completion.lessonId, attempts: completion.attempts, usedHints: completion.usedHints, completedAt: completion.completedAt.toISOString() })),
        codeLessonIds,
        longestStreak: summary.streak.longest,
        goalDaysMet: days.goalDays,
        tracks: published.map(({ track }) => ({
          id: track.id,
          lessonIds: lessonsOf(track.tutorials.flatMap((tutorial) => tutorial.chapters)).map((lesson) => lesson.id),
          projects: track.tutorials.filter((tutorial) => tutorial.kind === 'project').map((tutorial) => ({ id: tutorial.id, lessonIds: lessonsOf(tutorial.chapters).map((lesson) => lesson.id) })),
        })),
      }),
      today: summary.today,
      calendar: summary.calendar,
    };
  }

  return {
    profile,
    async rename(identity: Identity, name: string, now: Date) {
      await users.setPublicName(identity.uid, name);
      return profile(identity, now);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
