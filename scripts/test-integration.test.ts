import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DATABASE_FREE } from './test-integration';

/**
 * The database-free integration files run in the first pass only (test-integration.ts): each must
 * really touch no test database, or the PostgreSQL pass would miss it.
 */
const USES_TEST_DATABASE = /openTestDatabase|support\/database|createServices|getServices|TEST_DATABASE_URL/;

describe('database-free integration files', () => {
  it.each(DATABASE_FREE)('%s exists and uses no test database', (file) => {
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).not.toMatch(USES_TEST_DATABASE);
  });

  it('are every integration file that uses no test database (a new one is run once too)', () => {
    const free = readdirSync('tests/integration')
      .filter((name) => name.endsWith('.test.ts'))
      .map((name) => path.posix.join('tests/integration', name))
      .filter((file) => !USES_TEST_DATABASE.test(readFileSync(file, 'utf8')));
    expect(free.sort()).toEqual([...DATABASE_FREE].sort());
  });
});
