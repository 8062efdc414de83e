import {
  describeCommand,
  formatLockFile,
  formatSince,
  inUseSentence,
  judgeLock,
  parentPidFromStat,
  parseLockFile,
  processStartFromStat,
  type HolderFacts,
  type LockInfo,
  type LockVerdict,
} from './lock-file';

const lock: LockInfo = { pid: 4242, command: 'npm start: next start --port 3000', startedAt: '2025-03-01T11:02:13.000Z', processStart: 777, token: 'a'.repeat(32) };

describe('lock file text', () => {
  it('reads back what it writes', () => {
    expect(parseLockFile(formatLockFile(lock))).toEqual(lock);
  });

  it.each([
    ['an empty file (created, not yet written)', ''],
    ['half a write', formatLockFile(lock).slice(0, 20)],
    ['JSON of another shape', '{"pid":"4242"}'],
    ['a pid of zero', JSON.stringify({ ...lock, pid: 0 })],
    ['a short token', JSON.stringify({ ...lock, token: 'abc' })],
  ])('treats %s as no lock', (_case, text) => {
    expect(parseLockFile(text)).toBeNull();
  });
});

describe('judgeLock', () => {
  const self = { pid: 100, handoffToken: null };
  const alive: HolderFacts = { alive: true, processStart: 777, isAncestor: false };
  const table: [string, LockInfo | null, HolderFacts, { pid: number; handoffToken: string | null }, LockVerdict][] = [
    ['an unreadable lock', null, alive, self, 'stale'],
    ['a live holder', lock, alive, self, 'held'],
    ['a dead holder', lock, { ...alive, alive: false }, self, 'stale'],
    ['a pid reused by another process', lock, { ...alive, processStart: 999 }, self, 'stale'],
    ['a live holder when /proc cannot tell start times', lock, { ...alive, processStart: null }, self, 'held'],
    ['a lock written without a start time', { ...lock, processStart: null }, alive, self, 'held'],
    ['a parent that handed the lock down', lock, { ...alive, isAncestor: true }, { pid: 100, handoffToken: lock.token }, 'handed-over'],
    ['the right token from a process that is not a descendant', lock, alive, { pid: 100, handoffToken: lock.token }, 'held'],
    ['an ancestor with another token', lock, { ...alive, isAncestor: true }, { pid: 100, handoffToken: 'b'.repeat(32) }, 'held'],
    ['an ancestor and no token handed down', lock, { ...alive, isAncestor: true }, self, 'held'],
    ['this very process (another handle in it)', lock, alive, { pid: 4242, handoffToken: null }, 'held'],
    ['this pid left by a crashed predecessor (container restart)', lock, { ...alive, processStart: 5 }, { pid: 4242, handoffToken: null }, 'stale'],
  ];
  it.each(table)('%s', (_case, info, holder, me, verdict) => {
    expect(judgeLock(info, holder, me)).toBe(verdict);
  });
});

describe('/proc/<pid>/stat', () => {
  const fields = (name: string) => `4242 (${name}) S 4000 4242 4000 0 -1 4194560 1 0 0 0 0 0 0 0 20 0 1 0 123456 1000 10`;
  it.each([
    ['a plain name', 'node'],
    ['a name with spaces and parentheses', 'next (server) v15'],
  ])('reads start time and parent from %s', (_case, name) => {
    expect(processStartFromStat(fields(name))).toBe(123456);
    expect(parentPidFromStat(fields(name))).toBe(4000);
  });

  it.each([['no parenthesis', '4242 node S 1'], ['too few fields', '4242 (node) S 4000'], ['garbage', '']])('gives null for %s', (_case, stat) => {
    expect(processStartFromStat(stat)).toBeNull();
  });
});

describe('describeCommand', () => {
  it.each([
    [['/usr/bin/node', '/app/node_modules/next/dist/bin/next', 'start', '--port', '3000'], 'start', 'npm start: next start --port 3000'],
    [['/usr/bin/node', '/app/scripts/content-publish.ts'], 'content:publish', 'npm run content:publish: content-publish.ts'],
    [['/usr/bin/node', '/app/scripts/start.ts', '--dev'], undefined, 'start.ts --dev'],
    [['/usr/bin/node'], undefined, '/usr/bin/node'],
  ])('%j under npm %s is "%s"', (argv, event, expected) => {
    expect(describeCommand(argv, event)).toBe(expected);
  });

  it('names the dev server by the `next dev` that forked it', () => {
    const child = ['/usr/bin/node', '/app/node_modules/next/dist/server/lib/start-server.js'];
    const parent = ['node', 'node_modules/.bin/next', 'dev', '--port', '3000'];
    expect(describeCommand(child, 'dev', parent)).toBe('npm run dev: next dev --port 3000');
    expect(describeCommand(child, 'dev', null)).toBe('npm run dev: start-server.js');
  });

  it('cuts very long command lines', () => {
    const text = describeCommand(['node', 'x.js', 'a'.repeat(500)], undefined);
    expect(text).toHaveLength(160);
    expect(text.endsWith('…')).toBe(true);
  });
});

describe('the refusal sentence', () => {
  const now = new Date(2025, 2, 1, 15, 0, 0);
  it.each([
    ['the same day: the time only', new Date(2025, 2, 1, 11, 2, 13), '11:02:13'],
    ['another day: the date too', new Date(2025, 1, 28, 9, 5, 7), '2025-02-28 09:05:07'],
  ])('%s', (_case, startedAt, expected) => {
    expect(formatSince(startedAt, now)).toBe(expected);
  });

  it('names the folder, the process and what to do', () => {
    const startedAt = new Date(2025, 2, 1, 11, 2, 13);
    expect(inUseSentence('/abs/.data/pglite', { ...lock, startedAt: startedAt.toISOString() }, now)).toBe(
      'The embedded database in /abs/.data/pglite is in use by process 4242 (npm start: next start --port 3000) since 11:02:13. Stop it first, or set DATABASE_URL to use PostgreSQL.',
    );
  });
});
