import type { CompiledContent, InteractionKind } from '@/domain/content/model';
import { emptyRobustness, type RobustnessFigures } from './verify-content';

export interface TrackSummary {
  id: string;
  tutorials: number;
  chapters: number;
  lessons: number;
  codeLessons: number;
  verifiedCodeLessons: number;
  byInteraction: Record<InteractionKind, number>;
  /** The robustness stage: wrong answers refused, alternatives accepted, lessons listing both. */
  wrongRefused: number;
  wrong: number;
  alternativesAccepted: number;
  alternatives: number;
  /** Code lessons that list at least one wrong answer and one alternative. */
  robustLessons: number;
}

/** Counts per track for `npm run content:check` (table and --json). */
export function summarizeContent(
  content: CompiledContent,
  verifiedLessonIds: ReadonlySet<string> = new Set(),
  robustness: ReadonlyMap<string, RobustnessFigures> = new Map(),
): { tracks: TrackSummary[] } {
  return {
    tracks: content.tracks.map((track) => {
      const lessons = track.tutorials.flatMap((tutorial) => tutorial.chapters.flatMap((chapter) => chapter.lessons));
      const byInteraction: Record<InteractionKind, number> = { 'multiple-choice': 0, 'fill-gap': 0, reorder: 0, code: 0 };
      for (const lesson of lessons) byInteraction[lesson.interaction.kind] += 1;
      const codeLessons = lessons.filter((lesson) => lesson.interaction.kind === 'code');
      const figures = robustness.get(track.id) ?? emptyRobustness();
      const incomplete = new Set([...figures.lessonsWithoutWrong, ...figures.lessonsWithoutAlternative]);
      return {
        id: track.id,
        tutorials: track.tutorials.length,
        chapters: track.tutorials.reduce((sum, tutorial) => sum + tutorial.chapters.length, 0),
        lessons: lessons.length,
        codeLessons: codeLessons.length,
        verifiedCodeLessons: codeLessons.filter((lesson) => verifiedLessonIds.has(lesson.id)).length,
        byInteraction,
        wrongRefused: figures.wrongRefused,
        wrong: figures.wrong,
        alternativesAccepted: figures.alternativesAccepted,
        alternatives: figures.alternatives,
        robustLessons: robustness.has(track.id) ? codeLessons.filter((lesson) => !incomplete.has(lesson.id)).length : 0,
      };
    }),
  };
}

export function formatSummaryTable(summary: { tracks: TrackSummary[] }): string {
  const header = ['track', 'tutorials', 'chapters', 'lessons', 'choice', 'fill-gap', 'reorder', 'code', 'verified', 'wrong refused', 'alternatives passed', 'lessons with both'];
  const rows = summary.tracks.map((track) => [
    track.id,
    String(track.tutorials),
    String(track.chapters),
    String(track.lessons),
    String(track.byInteraction['multiple-choice']),
    String(track.byInteraction['fill-gap']),
    String(track.byInteraction.reorder),
    String(track.codeLessons),
    `${track.verifiedCodeLessons}/${track.codeLessons}`,
    `${track.wrongRefused}/${track.wrong}`,
    `${track.alternativesAccepted}/${track.alternatives}`,
    `${track.robustLessons}/${track.codeLessons}`,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ');
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}
