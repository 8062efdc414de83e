import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createNodeSqlRunner } from '@/runner/node/sql-runner';
import { parseLesson } from './parse-lesson';

/** SQL lessons' own checks, run on answers that are right and wrong (issue 44's false fails). */
const runner = createNodeSqlRunner();

describe('the create-table lesson checks column types by affinity, as SQLite does', () => {
  const source = 'content/tracks/sql/sql-changing-data/03-making-tables/01-create-table.md';
  const lesson = parseLesson(readFileSync(path.resolve(source), 'utf8'), source).lesson;
  const shown = "SELECT name, upper(type) AS type FROM pragma_table_info('staff');";
  const table = (hours: string, text = 'TEXT') => ({ lessonType: 'SQL' as const, files: [{ name: 'query.sql', content: `CREATE TABLE staff (\n  name ${text},\n  role ${text},\n  hours ${hours}\n);\n${shown}` }], checks: lesson?.executableContent?.checks ?? [], seed: null });

  it.each([
    ['hours INTEGER', true, 'INTEGER', 'TEXT'],
    ['hours INT (the false fail of issue 44)', true, 'INT', 'TEXT'],
    ['text columns as VARCHAR(40)', true, 'INTEGER', 'VARCHAR(40)'],
    ['hours REAL', false, 'REAL', 'TEXT'],
    ['hours TEXT', false, 'TEXT', 'TEXT'],
  ])('%s: passes %s', async (_label, passes, hours, text) => {
    expect(lesson?.executableContent?.checks.length).toBeGreaterThan(0);
    expect(await runner.run(table(hours, text))).toMatchObject({ status: 'ran', passed: passes });
  });
});

describe('the WHERE lesson: true feedback for a learner who forgot the quotes or the capital', () => {
  const source = 'content/tracks/sql/sql-basics/02-filtering-rows/01-where-text.md';
  const executable = parseLesson(readFileSync(path.resolve(source), 'utf8'), source).lesson?.executableContent;
  const run = (content: string) => runner.run({ lessonType: 'SQL', files: [{ name: 'query.sql', content }], checks: executable?.checks ?? [], seed: executable?.seed ?? null, checkSeed: executable?.checkSeed ?? null });

  it('genre = Folk: the error names the line and says that text needs quotes', async () => {
    const result = await run('-- Show the title and artist of every Folk song\nSELECT title, artist\nFROM songs\nWHERE genre = Folk;');
    expect(result).toMatchObject({ status: 'ran', passed: false, error: { type: 'SQLError', line: 4, message: expect.stringContaining("write it in single quotes: 'Folk'") } });
  });

  it("genre = 'folk': the hidden check does not say the rows were typed in", async () => {
    const result = await run("SELECT title, artist FROM songs WHERE genre = 'folk';");
    if (result.status !== 'ran') throw new Error('expected a run');
    expect(result.checks.map((check) => check.passed)).toEqual([false, false]);
    expect(result.checks[1]?.message).not.toMatch(/typ/i);
  });

  it('typed-in rows: the shown check passes and the hidden one says so', async () => {
    const result = await run("SELECT 'River Song' AS title, 'Ana Lima' AS artist UNION ALL SELECT 'Little Lights', 'Ana Lima';");
    if (result.status !== 'ran') throw new Error('expected a run');
    expect(result.checks.map((check) => check.passed)).toEqual([true, false]);
    expect(result.checks[1]?.message).toMatch(/instead of typing it in/);
  });
});
