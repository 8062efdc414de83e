/**
 * `npm run bench:leagues`: league ranking with a seeded data set of 100,000 learners (measured,
 * not asserted). Uses the embedded database in memory, or PostgreSQL when DATABASE_URL is set
 * (use a scratch database: the script writes 100k users). Prints p50/p95/p99 for
 *   - a learner's leaderboard (their group's standings, through the service),
 *   - an XP award that joins a group and updates the standing (a full lesson completion),
 *   - the weekly rollover of all 100k members (promotions and demotions),
 * plus the query plan of the standings query, to show it is served by its index.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { compileContent } from '../src/server/content/compile-content';
import { openDatabase } from '../src/server/db/client';
import { createServices } from '../src/server/services/services';
import { LEAGUE_GROUP_SIZE, LEAGUE_TIERS } from '../src/domain/progress/leagues';

const LEARNERS = Number(process.env.BENCH_LEARNERS || 100_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES || 300);
const WEEK = '2026-11-16';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function timed(samples: number, run: (index: number) => Promise<unknown>): Promise<string> {
  const times: number[] = [];
  for (let index = 0; index < samples; index += 1) {
    const start = performance.now();
    await run(index);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return `p50 ${percentile(times, 50).toFixed(2)} ms  p95 ${percentile(times, 95).toFixed(2)} ms  p99 ${percentile(times, 99).toFixed(2)} ms  (${samples} runs)`;
}

function rows(result: unknown): Record<string, unknown>[] {
  return Array.isArray(result) ? result : ((result as { rows?: Record<string, unknown>[] }).rows ?? []);
}

async function main() {
  const url = process.env.DATABASE_URL;
  const handle = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: null });
  let clock = new Date(`${WEEK}T12:00:00Z`);
  const services = createServices(handle.db, { now: () => clock });
  const { content, errors } = await compileContent(path.resolve('content'));
  if (errors.length > 0) throw new Error('content has errors: run npm run content:check');
  await services.content.publish(content);

  console.log(`Seeding ${LEARNERS.toLocaleString()} learners in ${Math.ceil(LEARNERS / LEAGUE_GROUP_SIZE)} groups on ${handle.kind}…`);
  let start = performance.now();
  const db = handle.db;
  const groups = Math.ceil(LEARNERS / LEAGUE_GROUP_SIZE);
  await db.execute(sql`insert into users (id, email, display_name) select 'bench-' || g, 'bench-' || g || '@example.com', 'Learner ' || g from generate_series(1, ${LEARNERS}) g`);
  await db.execute(sql`insert into learner_progress (user_id, league_tier, total_xp) select 'bench-' || g, (g % ${LEAGUE_TIERS.length}), 0 from generate_series(1, ${LEARNERS}) g`);
  await db.execute(sql`insert into league_groups (id, week_start, tier, members) select g, ${WEEK}, (g % ${LEAGUE_TIERS.length}), ${LEAGUE_GROUP_SIZE} from generate_series(1, ${groups}) g`);
  await db.execute(sql`select setval(pg_get_serial_sequence('league_groups', 'id'), ${groups})`);
  await db.execute(
    sql`insert into league_members (user_id, week_start, group_id, tier, xp, reached_at)
        select 'bench-' || g, ${WEEK}, ((g - 1) / ${LEAGUE_GROUP_SIZE}) + 1, (((g - 1) / ${LEAGUE_GROUP_SIZE}) + 1) % ${LEAGUE_TIERS.length}, (g * 7919) % 500, now() - (g || ' seconds')::interval
        from generate_series(1, ${LEARNERS}) g`,
  );
  await db.execute(sql`analyze`);
  console.log(`Seeded in ${((performance.now() - start) / 1000).toFixed(1)} s.\n`);

  const plan = rows(await db.execute(sql`explain select user_id, xp from league_members where group_id = 1234 order by xp desc, reached_at asc`));
  console.log('Standings query plan:');
  for (const row of plan) console.log(`  ${String(Object.values(row)[0])}`);
  console.log('');

  const pick = (index: number) => `bench-${1 + ((index * 7_777) % LEARNERS)}`;
  console.log(`Leaderboard (group standings)   ${await timed(SAMPLES, (index) => services.progress.league(pick(index), clock))}`);

  // New learners' first XP of the week: join a group (or open one), then add the XP.
  await db.execute(sql`insert into users (id, email) select 'fresh-' || g, 'fresh-' || g || '@example.com' from generate_series(1, ${SAMPLES}) g`);
  const python = content.tracks.find((track) => track.id === 'python');
  const tutorial = python?.tutorials[0];
  const chapter = tutorial?.chapters[0];
  const lesson = chapter?.lessons[0];
  if (!python || !tutorial || !chapter || !lesson) throw new Error('no python lesson to complete');
  const lessonPath = { trackId: python.id, tutorialId: tutorial.id, chapterId: chapter.id, lessonId: lesson.id };
  console.log(`Lesson completion with XP award ${await timed(SAMPLES, (index) => services.progress.recordCompletion(`fresh-${index + 1}`, lessonPath, { mode: 'learn', attempts: 1, usedHints: false }, clock))}`);

  clock = new Date('2026-11-23T00:00:05Z');
  start = performance.now();
  await services.progress.ensureRollover(clock);
  const rollover = performance.now() - start;
  const moved = rows(await db.execute(sql`select league_tier, count(*) as n from learner_progress group by league_tier order by league_tier`));
  console.log(`Weekly rollover of ${(LEARNERS + SAMPLES).toLocaleString()} members   ${(rollover / 1000).toFixed(2)} s`);
  console.log(`Learners per tier after rollover: ${moved.map((row) => `${LEAGUE_TIERS[Number(row.league_tier)] ?? row.league_tier} ${row.n}`).join(', ')}`);
  await handle.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
