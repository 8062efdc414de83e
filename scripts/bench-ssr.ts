/**
 * `npm run bench:ssr` (issue 18): Codetrail's pages and learning API reads beside a bare Next.js
 * app measured in the same run, on the embedded database and on PostgreSQL, printed as ratios.
 *
 * - The baseline is `bench/bare-next`: the same Next, React and Node, a getServerSideProps page
 *   and an API route answering the same JSON as Codetrail's reads, from memory. It is built once
 *   (`next build bench/bare-next`) and served by `next start` on its own port for the whole run.
 * - Codetrail is the real `npm start` stack (Auth emulator, migrations, production build) from an
 *   empty database: first embedded (PGlite), then on a private PostgreSQL cluster (the local
 *   initdb/pg_ctl; skipped with a note when PostgreSQL is not installed, or use BENCH_DATABASE_URL).
 * - Each row measures the bare app and Codetrail in turns (autocannon, 10 connections, 15 s each
 *   by default, in 5 alternating turns of 3 s: BENCH_TURNS), so the ratio compares like with like
 *   on a machine whose speed drifts; figures are over all of a side's turns.
 * - Then the overload run: 200 connections for 60 s on the signed-in lesson page, counting
 *   timeouts, errors and quick 503s.
 *
 * BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_OVERLOAD_SECONDS, BENCH_OVERLOAD_CONNECTIONS and
 * BENCH_DATABASES=embedded,postgres change the run. Only 127.0.0.1 is ever targeted.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expectOk, measure, measureInTurns, sessionCookies, signUp, startBareNext, withStack, type Figures } from './lib/bench';
import { findPostgresBin, startPrivateCluster } from './lib/postgres';

const PORT = Number(process.env.BENCH_PORT || 3310);
const BARE_PORT = Number(process.env.BENCH_BARE_PORT || 3390);
const SECONDS = Number(process.env.BENCH_SECONDS || 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);
const OVERLOAD_SECONDS = Number(process.env.BENCH_OVERLOAD_SECONDS || 60);
const OVERLOAD_CONNECTIONS = Number(process.env.BENCH_OVERLOAD_CONNECTIONS || 200);
/** BENCH_ONLY=<words>: only the rows whose name contains one of them (comma-separated), e.g. "lesson,tracks". */
const ONLY = (process.env.BENCH_ONLY || '').split(',').map((word) => word.trim().toLowerCase()).filter(Boolean);
const wanted = (name: string) => ONLY.length === 0 || ONLY.some((word) => name.toLowerCase().includes(word));
const DATABASES = (process.env.BENCH_DATABASES || 'embedded,postgres').split(',').map((name) => name.trim());
const JSON_DIR = path.resolve('.data', 'bench-ssr-json');

const LESSON = '/web/track/python/tutorial/python-basics/chapter/python-basics-first-steps/learn?lesson=0';
const SECTION = '/web/python/section/0';
const CHAPTER_API = '/api/v1/tracks/python/tutorials/python-basics/chapters/python-basics-first-steps';

interface Row {
  database: string;
  name: string;
  bare: Figures;
  codetrail: Figures;
}

/** BENCH_TURNS: each row's bare and Codetrail runs alternate in this many turns (1: one run each, back to back). */
const TURNS = Math.max(1, Math.floor(Number(process.env.BENCH_TURNS || 5)));

const run = (title: string, url: string, headers: Record<string, string> = {}, connections = CONNECTIONS, duration = SECONDS) => measure(title, { url, headers, connections, duration });
/** One row: the bare target and Codetrail's in turns, SECONDS each in all. */
const pair = async (name: string, bareUrl: string, url: string, headers: Record<string, string>) => {
  const [bare, codetrail] = await measureInTurns([`bare ${name}`, name], { url: bareUrl, connections: CONNECTIONS, duration: SECONDS }, { url, headers, connections: CONNECTIONS, duration: SECONDS }, TURNS);
  return { bare, codetrail };
};

async function benchDatabase(database: string, env: Record<string, string>, rows: Row[], overload: { database: string; figures: Figures }[]): Promise<void> {
  await withStack(
    PORT,
    `.data/bench-ssr-${database}`,
    async (base) => {
      const bare = `http://127.0.0.1:${BARE_PORT}`;
      const token = await signUp('bench-ssr');
      const cookie = await sessionCookies(base, token);
      const page = { Cookie: cookie };
      const api = { Authorization: `Bearer ${token}` };
      // The same JSON as Codetrail's reads, for the bare API route to answer from memory.
      for (const [name, url] of [['chapter', CHAPTER_API], ['tracks', '/api/v1/tracks'], ['progress', '/api/v1/progress']] as const) {
        writeFileSync(path.join(JSON_DIR, `${name}.json`), await expectOk(`${base}${url}`, api));
      }
      await expectOk(`${base}${LESSON}`, page);
      await expectOk(`${base}${SECTION}`, page);
      console.log(`\n[${database}] warming up…`);
      await run('warm-up', `${base}${LESSON}`, page, CONNECTIONS, 5);
      await run('warm-up', `${bare}/`, {}, CONNECTIONS, 3);

      const bareTargets: [string, string, Record<string, string>][] = [
        ['landing page (visitor)', '/', {}],
        ['lesson page (signed in)', LESSON, page],
        ['section page (signed in)', SECTION, page],
      ];
      for (const [name, url, headers] of bareTargets) {
        if (!wanted(name)) continue;
        console.log(`[${database}] ${name}`);
        rows.push({ database, name, ...(await pair(name, `${bare}/`, `${base}${url}`, headers)) });
      }
      for (const [name, url, json] of [
        ['GET chapter (API)', CHAPTER_API, 'chapter'],
        ['GET tracks (API)', '/api/v1/tracks', 'tracks'],
        ['GET progress (API)', '/api/v1/progress', 'progress'],
      ] as const) {
        if (!wanted(name)) continue;
        console.log(`[${database}] ${name}`);
        rows.push({ database, name, ...(await pair(name, `${bare}/api/json?name=${json}`, `${base}${url}`, api)) });
      }
      if (OVERLOAD_SECONDS > 0) {
        console.log(`[${database}] ${OVERLOAD_CONNECTIONS} connections for ${OVERLOAD_SECONDS} s on the lesson page…`);
        overload.push({ database, figures: await run('overload', `${base}${LESSON}`, page, OVERLOAD_CONNECTIONS, OVERLOAD_SECONDS) });
      }
    },
    // One learner at many connections is far past the per-learner API limit: raised so the figures
    // measure the work (the limiter still counts every call).
    { RATE_LIMIT_API_PER_MINUTE: '1000000', ...env },
  );
}

const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

function printTable(rows: Row[], overload: { database: string; figures: Figures }[]): void {
  console.log(`\nbench:ssr — ${CONNECTIONS} connections, ${SECONDS} s per side and row in ${TURNS} alternating turns; bare Next.js ${process.env.npm_package_dependencies_next ?? ''} and Codetrail measured in turns\n`);
  console.log('| database | request | bare req/s | Codetrail req/s | ratio | bare p99 ms | Codetrail p99 ms | p99 ratio | failures |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows) {
    const ratio = row.codetrail.requestsPerSecond / row.bare.requestsPerSecond;
    const p99 = row.codetrail.p99 / row.bare.p99;
    console.log(
      `| ${row.database} | ${row.name} | ${fixed(row.bare.requestsPerSecond)} | ${fixed(row.codetrail.requestsPerSecond)} | ${fixed(ratio, 2)}× | ${fixed(row.bare.p99)} | ${fixed(row.codetrail.p99)} | ${fixed(p99, 1)}× | ${row.codetrail.failures} |`,
    );
  }
  if (overload.length > 0) {
    console.log(`\nOverload: ${OVERLOAD_CONNECTIONS} connections for ${OVERLOAD_SECONDS} s on the signed-in lesson page\n`);
    console.log('| database | requests | req/s | p50 ms | p99 ms | timeouts | errors | 503 (shed) | other non-2xx |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const { database, figures } of overload) {
      const other = figures.failures - figures.timeouts - figures.errors - figures.shed;
      console.log(`| ${database} | ${figures.total} | ${fixed(figures.requestsPerSecond)} | ${fixed(figures.p50)} | ${fixed(figures.p99)} | ${figures.timeouts} | ${figures.errors} | ${figures.shed} | ${other} |`);
    }
  }
}

async function main(): Promise<void> {
  const stopBare = await startBareNext(BARE_PORT, { BARE_JSON_DIR: JSON_DIR });
  const rows: Row[] = [];
  const overload: { database: string; figures: Figures }[] = [];
  try {
    if (DATABASES.includes('embedded')) await benchDatabase('embedded', {}, rows, overload);
    if (DATABASES.includes('postgres')) {
      const given = process.env.BENCH_DATABASE_URL;
      const bin = given ? null : findPostgresBin();
      const cluster = given ? null : bin ? startPrivateCluster(bin, { port: 54339, database: 'codetrail_bench' }) : null;
      if (!given && !cluster) console.warn('\nPostgreSQL is not installed (no initdb/pg_ctl): the PostgreSQL rows are skipped. Set BENCH_DATABASE_URL to use one.');
      else
        try {
          await benchDatabase('PostgreSQL', { DATABASE_URL: given ?? cluster?.url ?? '' }, rows, overload);
        } finally {
          cluster?.stop();
        }
    }
  } finally {
    stopBare();
  }
  printTable(rows, overload);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
