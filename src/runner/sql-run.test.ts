import type { SqlJsStatic } from 'sql.js';
import type { Check } from '@/domain/content/model';
import { createNodeSqlRunner } from './node/sql-runner';
import { executeSql } from './sql-run';

const seed = "CREATE TABLE songs (title TEXT, genre TEXT, year INTEGER); INSERT INTO songs VALUES ('River Song', 'Folk', 1995), ('Neon Rain', 'Pop', 2019);";
const checks: Check[] = [{ type: 'sql-result', columns: ['title'], rows: [['River Song']], message: 'Show the Folk songs.' }];
const runner = createNodeSqlRunner();
const run = (content: string) => runner.run({ lessonType: 'SQL', files: [{ name: 'query.sql', content }], checks, seed });

let SQL: SqlJsStatic;
beforeAll(async () => {
  SQL = await (await import('sql.js')).default();
});

describe('SQL errors name the line of the learner file and explain the terse ones', () => {
  it('gives the line of the word SQLite names, after comments and earlier statements', async () => {
    const result = await run('-- Folk songs\nSELECT title FROM songs;\n\nSELECT title\nFROM songs\nWHERE genre = Folk;');
    expect(result).toMatchObject({ status: 'ran', passed: false, error: { type: 'SQLError', line: 6, file: 'query.sql' } });
  });

  it('says that text needs quotes when a bare word is compared as a value', async () => {
    const result = await run('SELECT title FROM songs WHERE genre = Folk;');
    if (result.status !== 'ran' || !result.error) throw new Error('expected an error');
    expect(result.error.message).toMatch(/^no such column: Folk\. /);
    expect(result.error.message).toContain("single quotes: 'Folk'");
  });

  it('does not talk about quotes for a misspelt column', async () => {
    const result = await run('SELECT titel FROM songs;');
    if (result.status !== 'ran' || !result.error) throw new Error('expected an error');
    expect(result.error.message).not.toContain('quotes');
    expect(result.error.line).toBe(1);
  });

  it('gives the line of a syntax error', async () => {
    const result = await run('SELECT title\nFORM songs;');
    expect(result).toMatchObject({ status: 'ran', error: { message: expect.stringContaining('near "songs"'), line: 2 } });
  });

  it('gives the line of an error raised while a statement runs (a constraint), and runs again afterwards', async () => {
    const statements = "CREATE TABLE staff (name TEXT NOT NULL);\nINSERT INTO staff VALUES ('Ada');\n\nINSERT INTO staff\nVALUES (NULL);\nSELECT name FROM staff;";
    expect(await run(statements)).toMatchObject({ status: 'ran', error: { message: expect.stringContaining('NOT NULL constraint failed'), line: 4 } });
    expect(await run("SELECT title FROM songs WHERE genre = 'Folk';")).toMatchObject({ status: 'ran', passed: true });
  });

  it('the player worker and the server give the same outcome (both run executeSql)', async () => {
    for (const content of ['SELECT title FROM songs WHERE genre = Folk;', "SELECT title FROM songs WHERE genre = 'Folk';", 'SELECT title FROM songs WHERE 0;']) {
      const request = { lessonType: 'SQL' as const, files: [{ name: 'query.sql', content }], checks, seed };
      const outcome = executeSql(SQL, request);
      const server = await runner.run(request);
      if ('status' in outcome || server.status !== 'ran') throw new Error('expected runs');
      expect(server.error).toEqual(outcome.error);
      expect(server.output).toBe(outcome.output);
    }
  });

  it('a last SELECT with no rows is the result (not an earlier SELECT)', async () => {
    const outcome = executeSql(SQL, { lessonType: 'SQL', files: [{ name: 'query.sql', content: "SELECT title FROM songs;\nSELECT title FROM songs WHERE genre = 'Jazz';" }], checks, seed });
    if ('status' in outcome) throw new Error('expected a run');
    expect(outcome.queryResult).toEqual({ columns: ['title'], rows: [] });
  });
});
