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
 * - Prepared statements in the embedded database thread: the progress repository's own summary
 *   statement (`summaryReads`, GET /progress: five scalar subqueries with json_agg and sum), as it
 *   sends it, in the app's embedded database (in memory, the app's migrations, seeded through the
 *   repository's writes: five learners, 40 days each), through the real `PgliteThreadClient`. The
 *   thread prepares every text matching its PREPARABLE pattern; the baseline is the same text
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
import { openDatabase, type Database } from '../src/server/db/client';
import { PgliteThreadClient, type ThreadQueryOptions, type ThreadResults } from '../src/server/db/pglite-thread-client';
import { users } from '../src/server/db/schema';
import { createProgressRepository } from '../src/server/repositories/progress-repository';
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

const learnerId = (index: number) => `learner-${1 + (index % LEARNERS)}`;
const dayOf = (offset: number) => new Date(Date.UTC(2026, 9, 21 + offset)).toISOString().slice(0, 10);

/** Five learners, each with 40 days (a streak day, two XP awards, a goal day every other day) and a league week, through the app's own writes. */
async function seed(db: Database): Promise<void> {
  const progress = createProgressRepository(db);
  for (let learner = 0; learner < LEARNERS; learner += 1) {
    const userId = learnerId(learner);
    await db.insert(users).values({ id: userId });
    await progress.lockProgress(userId, { timeZone: 'UTC' });
    await progress.insertStreakDays(userId, Array.from({ length: DAYS }, (_, day) => ({ day: dayOf(day), status: day % 7 === 3 ? 'frozen' : 'counted', reason: 'lesson' })));
    for (let day = 0; day < DAYS; day += 1) {
      for (const award of [1, 2]) await progress.insertXpEvent({ userId, eventKey: `award-${day}-${award}`, kind: 'lesson', xp: 10 + ((day * award + learner) % 15), reason: 'lesson', localDay: dayOf(day), occurredAt: new Date() });
      if (day % 2 === 0) await progress.insertGoalDay(userId, dayOf(day), 20);
    }
    await progress.joinGroup(userId, WEEK_START, learner % 3, 30);
    await progress.addLeagueXp(userId, WEEK_START, 120 * (learner + 1));
  }
}

interface Sent {
  sql: string;
  params: unknown[];
  options: ThreadQueryOptions | undefined;
}

/** The statement the progress repository's `summaryReads` sends the thread (text, values, options), as it sends it. */
async function summaryStatement(db: Database, client: PgliteThreadClient): Promise<Sent> {
  const sent: Sent[] = [];
  const query = client.query.bind(client);
  client.query = (<T>(sql: string, params?: unknown[], options?: ThreadQueryOptions) => {
    sent.push({ sql, params: params ?? [], options });
    return query<T>(sql, params, options);
  }) as typeof client.query;
  try {
    await createProgressRepository(db).summaryReads(learnerId(0), FROM_DAY, TO_DAY, WEEK_START);
  } finally {
    client.query = query;
  }
  if (sent.length !== 1 || !sent[0]) throw new Error(`summaryReads sent ${sent.length} statements; expected 1`);
  return sent[0];
}

async function benchStatements(): Promise<Row> {
  // The app's embedded database, in memory: its own migrations, on its own thread.
  const handle = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    const client = (handle.db as unknown as { $client: PgliteThreadClient }).$client;
    if (!(client instanceof PgliteThreadClient)) throw new Error('the embedded database is not on its thread client');
    await seed(handle.db);
    const summary = await summaryStatement(handle.db, client);
    // The same statement behind a comment: the thread's PREPARABLE (/^\s*(select|…)\b/i) does not match it, so PGlite parses it on every call.
    const unprepared = `/* parsed and planned on every call */ ${summary.sql}`;
    // The statement's values with another learner's id wherever the captured one had learner 1's.
    const run = (text: string, index: number) => client.query(text, summary.params.map((value) => (value === learnerId(0) ? learnerId(index) : value)), summary.options);
    for (let learner = 0; learner < LEARNERS; learner += 1) {
      const prepared = await run(summary.sql, learner);
      const parsed = await run(unprepared, learner);
      if (!same(prepared, parsed)) throw new Error(`the prepared and the parsed statement disagree for ${learnerId(learner)}:\n  ${JSON.stringify(prepared.rows)}\n  ${JSON.stringify(parsed.rows)}`);
      const row = prepared.rows[0] as { progress: string | null; days: string; week_xp: unknown } | undefined;
      const days = row ? (JSON.parse(row.days) as unknown[]).length : 0;
      const owner = row?.progress ? (JSON.parse(row.progress) as { userId?: string }).userId : null;
      if (!row || owner !== learnerId(learner) || days !== DAYS || row.week_xp === null) throw new Error(`${learnerId(learner)}'s summary is not the seeded one: ${JSON.stringify(row)}`);
    }
    // Each path is the one meant: the plain text is a named prepared statement, the commented one is not.
    const kept = await client.query<{ plain: number; commented: number }>(
      'select count(*) filter (where statement = $1)::int as plain, count(*) filter (where statement = $2)::int as commented from pg_prepared_statements',
      [summary.sql, unprepared],
    );
    const counts = kept.rows[0];
    if (counts?.plain !== 1 || counts.commented !== 0) throw new Error(`expected the plain text prepared once and the commented one never, got ${JSON.stringify(counts)}`);
    const pglite = (JSON.parse(readFileSync(path.resolve('node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }).version;
    console.log(`sql: the progress repository's summaryReads, ${LEARNERS} learners × ${DAYS} days in PGlite ${pglite} (in memory, on its thread, the app's migrations); same rows both ways, only the plain text prepared`);

    return await inTurns(
      "the progress summary statement in the PGlite thread (parsed each call vs prepared)",
      (index) => run(unprepared, index),
      (index) => run(summary.sql, index),
    );
  } finally {
    await handle.close();
  }
}

const same = (a: ThreadResults, b: ThreadResults) => JSON.stringify({ rows: a.rows, fields: a.fields }) === JSON.stringify({ rows: b.rows, fields: b.fields });

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
