/**
 * `npm run bench:micro` (issue 18): the two in-process figures behind "Fast at scale", each beside
 * its baseline from the same run, per call.
 *
 * - String-first rendering: a 100-element React tree (a `<ul>` of 99 `<li>`, attributes and text
 *   each) rendered the way Next 15's pages router does, through `react-dom/server.edge`'s
 *   `renderToReadableStream`, awaiting `allReady` and reading the stream back with Next's own
 *   `streamToString` (next/dist/server/render.js). The baseline is React's renderer as Next loads
 *   it; Codetrail is the same module through `stringFirst` (src/server/render/string-first-render.ts,
 *   the function the app server installs), read back the same way. Both HTMLs must be identical
 *   byte for byte, and Codetrail's must not have fallen back to the stream, or the script fails.
 *   React runs its production build (NODE_ENV=production unless set, as under `npm start`).
 * - Prepared statements in the embedded database thread: a statement shaped like the progress
 *   summary (`summaryReads`: one SELECT of five scalar subqueries with json_agg and sum over small
 *   tables of five learners, 40 days each) sent through the real `PgliteThreadClient` (in memory).
 *   The thread prepares every text matching its PREPARABLE pattern; the baseline is the same text
 *   behind an SQL comment, which does not match, so PGlite's `query` parses and plans it on every
 *   call. Both must return the same rows, and pg_prepared_statements must hold the plain text only.
 * - Each measure alternates the two sides in turns (BENCH_TURNS, 5 by default) of
 *   BENCH_ITERATIONS calls (1000) after BENCH_WARMUP calls each (200), one call at a time, so the
 *   ratio compares like with like on a machine whose speed drifts; figures are the mean over all of
 *   a side's turns: wall clock, and the process's CPU time (user + system, every thread: for the
 *   database, mostly the thread's).
 *
 * BENCH_ONLY=render or BENCH_ONLY=sql runs one of the two. Nothing listens on a port.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as ReactModule from 'react';
import type { ReactNode } from 'react';
import { streamToString } from 'next/dist/server/stream-utils/node-web-streams-helper';
import { PgliteThreadClient, type ThreadResults } from '../src/server/db/pglite-thread-client';
import { stringFirst, type EdgeServer, type RenderedStream } from '../src/server/render/string-first-render';

/** BENCH_TURNS: each measure's baseline and Codetrail runs alternate in this many turns. */
const TURNS = Math.max(1, Math.floor(Number(process.env.BENCH_TURNS || 5)));
/** BENCH_ITERATIONS: calls per side and turn, one at a time. */
const ITERATIONS = Math.max(1, Math.floor(Number(process.env.BENCH_ITERATIONS || 1000)));
/** BENCH_WARMUP: calls per side before the first turn (JIT, React's and PostgreSQL's caches). */
const WARMUP = Math.max(0, Math.floor(Number(process.env.BENCH_WARMUP || 200)));
/** BENCH_ONLY=render or BENCH_ONLY=sql (comma-separated): only those measures. */
const ONLY = (process.env.BENCH_ONLY || '').split(',').map((word) => word.trim().toLowerCase()).filter(Boolean);
const wanted = (key: string) => ONLY.length === 0 || ONLY.includes(key);

/** One side's totals over all its turns. */
interface Side {
  calls: number;
  wallMs: number;
  cpuUs: number;
  /** Each turn's mean wall µs per call (how much the machine drifted). */
  turns: number[];
}

interface Row {
  name: string;
  baseline: Side;
  codetrail: Side;
}

const emptySide = (): Side => ({ calls: 0, wallMs: 0, cpuUs: 0, turns: [] });

/** `ITERATIONS` calls of `run`, one at a time, added to `side`. */
async function turn(side: Side, run: (index: number) => Promise<unknown>): Promise<void> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let index = 0; index < ITERATIONS; index += 1) await run(index);
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  side.calls += ITERATIONS;
  side.wallMs += wall;
  side.cpuUs += used.user + used.system;
  side.turns.push((wall * 1000) / ITERATIONS);
}

/** The baseline and Codetrail in alternating turns (baseline, Codetrail, baseline…), after a warm-up of each. */
async function inTurns(name: string, baseline: (index: number) => Promise<unknown>, codetrail: (index: number) => Promise<unknown>): Promise<Row> {
  for (const run of [baseline, codetrail]) for (let index = 0; index < WARMUP; index += 1) await run(index);
  const row: Row = { name, baseline: emptySide(), codetrail: emptySide() };
  for (let slice = 0; slice < TURNS; slice += 1) {
    await turn(row.baseline, baseline);
    await turn(row.codetrail, codetrail);
  }
  return row;
}

// ---------------------------------------------------------------------------------------------
// String-first rendering

/** Elements in the rendered tree: one `<ul>` and ELEMENTS - 1 `<li>`. */
const ELEMENTS = 100;

/** A list like a chapter's lessons: attributes, numbers and text that needs escaping (React's `<!-- -->` between texts). */
function hundredElements(react: typeof ReactModule): ReactNode {
  const items = Array.from({ length: ELEMENTS - 1 }, (_, index) =>
    react.createElement(
      'li',
      { key: index, id: `lesson-${index}`, className: index % 3 === 0 ? 'lesson lesson-done' : 'lesson', 'data-index': index, title: `Lesson ${index + 1} of ${ELEMENTS - 1}` },
      'Lesson ',
      index + 1,
      ': print("hello") & <b>',
    ),
  );
  return react.createElement('ul', { className: 'lessons', 'aria-label': 'Lessons' }, items);
}

/** What Next's pages router does with a renderer (next/dist/server/render.js: await the stream, allReady, streamToString). */
async function asNextReadsIt(renderer: EdgeServer, element: ReactNode): Promise<string> {
  const stream: RenderedStream = await renderer.renderToReadableStream(element);
  await stream.allReady;
  return streamToString(stream as unknown as ReadableStream<Uint8Array>);
}

async function benchRender(): Promise<Row> {
  // React picks its build when first loaded: production, as the app server runs it.
  if (!process.env.NODE_ENV) Object.assign(process.env, { NODE_ENV: 'production' });
  // React's renderer as Next's pages runtime loads it (resolved from next's own folder).
  const fromNext = createRequire(require.resolve('next/package.json'));
  const react = fromNext('react') as typeof ReactModule;
  const edge = fromNext('react-dom/server.edge') as EdgeServer;
  let fellBack = 0;
  // The app's string-first renderer; the wrapper only counts falls back to React's stream (none expected).
  const codetrail = stringFirst({
    ...edge,
    renderToReadableStream: (children: ReactNode, options?: object) => {
      fellBack += 1;
      return edge.renderToReadableStream(children, options);
    },
  });
  const tree = hundredElements(react);

  const expected = await asNextReadsIt(edge, tree);
  const actual = await asNextReadsIt(codetrail, tree);
  if (actual !== expected) throw new Error(`string-first HTML differs from React's stream:\n  stream: ${expected.slice(0, 300)}…\n  string: ${actual.slice(0, 300)}…`);
  if (fellBack > 0) throw new Error('the string-first renderer fell back to React’s stream: it measured the stream twice');
  const elements = (expected.match(/<(ul|li)\b/g) ?? []).length;
  if (elements !== ELEMENTS) throw new Error(`expected ${ELEMENTS} elements in the HTML, found ${elements}`);
  console.log(`render: ${ELEMENTS} elements, ${Buffer.byteLength(expected)} bytes of HTML, identical both ways (React ${react.version}, ${process.env.NODE_ENV} build)`);

  const row = await inTurns(
    `render ${ELEMENTS} elements as Next reads it (stream vs string first)`,
    () => asNextReadsIt(edge, tree),
    () => asNextReadsIt(codetrail, tree),
  );
  if (fellBack > 0) throw new Error('the string-first renderer fell back to React’s stream during the run');
  return row;
}

// ---------------------------------------------------------------------------------------------
// Prepared statements in the embedded database thread

const LEARNERS = 5;
const DAYS = 40;
const WEEK_START = '2026-11-23';
/** The calendar's span: 36 days, as the progress read asks for (UTC's today −35 to +1). */
const FROM_DAY = '2026-10-24';
const TO_DAY = '2026-11-29';

const SCHEMA = [
  `create table learner_progress (
     user_id text primary key, time_zone text not null default 'UTC', previous_time_zone text,
     daily_goal text not null default 'regular', total_xp integer not null default 0, freezes_held integer not null default 0,
     league_tier integer not null default 0, updated_at timestamptz not null default '2026-11-28T12:00:00Z')`,
  `create table streak_days (user_id text not null, day text not null, status text not null, reason text not null, primary key (user_id, day))`,
  `create table xp_events (user_id text not null, event_key text not null, xp integer not null, local_day text not null, primary key (user_id, event_key))`,
  `create index xp_events_user_day_idx on xp_events (user_id, local_day)`,
  `create table goal_days (user_id text not null, day text not null, goal_xp integer not null, primary key (user_id, day))`,
  `create table league_members (user_id text not null, week_start text not null, xp integer not null default 0, primary key (user_id, week_start))`,
];

/** Five learners, each with 40 days: a streak day, two XP awards and a goal day every other day. */
const SEED = [
  `insert into learner_progress (user_id, total_xp, league_tier) select 'learner-' || l, 1000 * l, l % 3 from generate_series(1, ${LEARNERS}) l`,
  `insert into streak_days select 'learner-' || l, to_char(date '2026-10-21' + g, 'YYYY-MM-DD'), case when g % 7 = 3 then 'frozen' else 'counted' end, 'lesson'
     from generate_series(1, ${LEARNERS}) l, generate_series(0, ${DAYS - 1}) g`,
  `insert into xp_events select 'learner-' || l, 'award-' || g || '-' || k, 10 + (g * k + l) % 15, to_char(date '2026-10-21' + g, 'YYYY-MM-DD')
     from generate_series(1, ${LEARNERS}) l, generate_series(0, ${DAYS - 1}) g, generate_series(1, 2) k`,
  `insert into goal_days select 'learner-' || l, to_char(date '2026-10-21' + g, 'YYYY-MM-DD'), 20
     from generate_series(1, ${LEARNERS}) l, generate_series(0, ${DAYS - 1}) g where g % 2 = 0`,
  `insert into league_members select 'learner-' || l, '${WEEK_START}', 120 * l from generate_series(1, ${LEARNERS}) l`,
];

/** Shaped like the progress repository's `summaryReads`: the learner's row, streak days, XP per day, goal days, the week's league XP. */
const SUMMARY = `select
  (select json_build_object('userId', p.user_id, 'timeZone', p.time_zone, 'previousTimeZone', p.previous_time_zone,
      'dailyGoal', p.daily_goal, 'totalXp', p.total_xp, 'freezesHeld', p.freezes_held, 'leagueTier', p.league_tier, 'updatedAt', p.updated_at)::text
    from learner_progress p where p.user_id = $1) as progress,
  (select coalesce(json_agg(json_build_object('day', s.day, 'status', s.status, 'reason', s.reason) order by s.day), '[]')::text
    from streak_days s where s.user_id = $1) as days,
  (select coalesce(json_agg(json_build_array(x.local_day, x.xp) order by x.local_day), '[]')::text
    from (select e.local_day, sum(e.xp)::int as xp from xp_events e
          where e.user_id = $1 and e.local_day >= $2 and e.local_day <= $3
          group by e.local_day) x) as xp,
  (select coalesce(json_agg(g.day order by g.day), '[]')::text
    from goal_days g where g.user_id = $1 and g.day >= $2 and g.day <= $3) as goals,
  (select m.xp from league_members m where m.user_id = $1 and m.week_start = $4) as week_xp`;
/** The same statement behind a comment: the thread's PREPARABLE (/^\s*(select|…)\b/i) does not match it, so PGlite parses it on every call. */
const UNPREPARED = `/* parsed and planned on every call */ ${SUMMARY}`;

interface SummaryRow {
  progress: string | null;
  days: string;
  xp: string;
  goals: string;
  week_xp: number | null;
}

const paramsFor = (index: number) => [`learner-${1 + (index % LEARNERS)}`, FROM_DAY, TO_DAY, WEEK_START];
const same = (a: ThreadResults, b: ThreadResults) => JSON.stringify({ rows: a.rows, fields: a.fields }) === JSON.stringify({ rows: b.rows, fields: b.fields });

async function benchStatements(): Promise<Row> {
  const db = await PgliteThreadClient.open(null);
  try {
    for (const statement of [...SCHEMA, ...SEED]) await db.query(statement);
    for (let learner = 0; learner < LEARNERS; learner += 1) {
      const prepared = await db.query<SummaryRow>(SUMMARY, paramsFor(learner));
      const parsed = await db.query<SummaryRow>(UNPREPARED, paramsFor(learner));
      if (!same(prepared, parsed)) throw new Error(`the prepared and the parsed statement disagree for learner-${learner + 1}:\n  ${JSON.stringify(prepared.rows)}\n  ${JSON.stringify(parsed.rows)}`);
      const row = prepared.rows[0];
      const days = row ? (JSON.parse(row.days) as unknown[]).length : 0;
      if (!row || row.progress === null || days !== DAYS || row.week_xp === null) throw new Error(`learner-${learner + 1}'s summary is not the seeded one: ${JSON.stringify(row)}`);
    }
    // Each path is the one meant: the plain text is a named prepared statement, the commented one is not.
    const kept = await db.query<{ plain: number; commented: number }>(
      'select count(*) filter (where statement = $1)::int as plain, count(*) filter (where statement = $2)::int as commented from pg_prepared_statements',
      [SUMMARY, UNPREPARED],
    );
    const counts = kept.rows[0];
    if (counts?.plain !== 1 || counts.commented !== 0) throw new Error(`expected the plain text prepared once and the commented one never, got ${JSON.stringify(counts)}`);
    const pglite = (JSON.parse(readFileSync(path.resolve('node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }).version;
    console.log(`sql: ${LEARNERS} learners × ${DAYS} days in PGlite ${pglite} (in memory, on its thread); same rows both ways, only the plain text prepared`);

    return await inTurns(
      'progress-summary-like statement in the PGlite thread (parsed each call vs prepared)',
      (index) => db.query(UNPREPARED, paramsFor(index)),
      (index) => db.query(SUMMARY, paramsFor(index)),
    );
  } finally {
    await db.close();
  }
}

// ---------------------------------------------------------------------------------------------

const us = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–');
const ratio = (baseline: number, codetrail: number) => `${(baseline / codetrail).toFixed(2)}×`;
const range = (values: number[]) => `${us(Math.min(...values))}–${us(Math.max(...values))}`;

function printTable(rows: Row[]): void {
  console.log(
    `\nbench:micro — ${TURNS} alternating turns of ${ITERATIONS} calls per side after ${WARMUP} warm-up calls each, one call at a time; Node ${process.version}; ratio = baseline ÷ Codetrail (higher: Codetrail faster)\n`,
  );
  console.log('| measure | baseline µs/call | Codetrail µs/call | ratio |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const { name, baseline, codetrail } of rows) {
    const wall = [(baseline.wallMs * 1000) / baseline.calls, (codetrail.wallMs * 1000) / codetrail.calls] as const;
    const cpu = [baseline.cpuUs / baseline.calls, codetrail.cpuUs / codetrail.calls] as const;
    console.log(`| ${name}, wall | ${us(wall[0])} | ${us(wall[1])} | ${ratio(wall[0], wall[1])} |`);
    console.log(`| ${name}, CPU | ${us(cpu[0])} | ${us(cpu[1])} | ${ratio(cpu[0], cpu[1])} |`);
  }
  console.log('\nPer-turn wall µs/call (min–max), to judge the drift:');
  for (const { name, baseline, codetrail } of rows) console.log(`  ${name}: baseline ${range(baseline.turns)}, Codetrail ${range(codetrail.turns)}`);
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  if (wanted('render')) rows.push(await benchRender());
  if (wanted('sql')) rows.push(await benchStatements());
  if (rows.length === 0) throw new Error(`BENCH_ONLY=${ONLY.join(',')} matches no measure (render, sql)`);
  printTable(rows);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
