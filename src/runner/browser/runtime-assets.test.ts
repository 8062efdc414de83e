import { runtimeAssets, runtimeDownloaderUrl } from './runtime-assets';
import { parseRuntimeDirs } from './runtime-dirs';

const BUILD = JSON.stringify({
  dirs: { python: 'pyodide-314.0.7', sql: 'sql.js-1.16.0' },
  files: {
    python: [
      { path: 'python-worker.0123456789ab.mjs', bytes: 1_500_000 },
      { path: 'pyodide-314.0.7/pyodide.asm.wasm', bytes: 9_000_000 },
    ],
    sql: [{ path: 'sql-worker.0123456789ab.js', bytes: 500_000 }],
    javascript: [{ path: 'javascript-worker.0123456789ab.js', bytes: 2_000 }],
  },
});

describe('runtimeAssets', () => {
  it('splits the worker from the data files', () => {
    expect(runtimeAssets('python', BUILD)).toEqual({ worker: { path: 'python-worker.0123456789ab.mjs', bytes: 1_500_000 }, data: [{ path: 'pyodide-314.0.7/pyodide.asm.wasm', bytes: 9_000_000 }] });
    expect(runtimeAssets('javascript', BUILD)?.data).toEqual([]);
  });

  it.each([undefined, '', 'not json', '{"files":{}}', JSON.stringify({ files: { python: [{ path: '../../etc/passwd?', bytes: 1 }], sql: [], javascript: [] } })])('refuses %j (the frame then fetches for itself)', (raw) => {
    expect(runtimeAssets('python', raw)).toBeNull();
  });
});

describe('reading the list once', () => {
  it('answers from the text it is given, never from an earlier one', () => {
    const other = JSON.stringify({ ...(JSON.parse(BUILD) as object), files: { ...(JSON.parse(BUILD) as { files: object }).files, sql: [{ path: 'sql-worker.ffffffffffff.js', bytes: 1 }] } });
    expect(runtimeAssets('sql', BUILD)?.worker.path).toBe('sql-worker.0123456789ab.js');
    expect(runtimeAssets('sql', BUILD)?.worker.path).toBe('sql-worker.0123456789ab.js');
    expect(runtimeAssets('sql', other)?.worker.path).toBe('sql-worker.ffffffffffff.js');
    expect(runtimeAssets('sql', 'not json')).toBeNull();
    expect(runtimeAssets('sql', BUILD)?.worker.path).toBe('sql-worker.0123456789ab.js');
    expect(runtimeAssets('sql', undefined)).toBeNull();
  });
});

describe('runtimeDownloaderUrl', () => {
  it('reads the download worker from the build', () => {
    const build = JSON.stringify({ ...(JSON.parse(BUILD) as object), downloader: '/vendor/runtime-download.0123456789ab.js' });
    expect(runtimeDownloaderUrl(build)).toBe('/vendor/runtime-download.0123456789ab.js');
  });
  it.each([
    ['absent (the page downloads itself)', BUILD],
    ['another origin', JSON.stringify({ ...(JSON.parse(BUILD) as object), downloader: 'https://evil.example/x.js' })],
    ['outside /vendor', JSON.stringify({ ...(JSON.parse(BUILD) as object), downloader: '/vendor/../api/x.js' })],
    ['no build', undefined],
  ])('gives none when %s', (_name, raw) => expect(runtimeDownloaderUrl(raw)).toBeNull());
});

describe('parseRuntimeDirs', () => {
  it('reads the folders from the build', () => expect(parseRuntimeDirs(JSON.stringify({ python: 'pyodide-314.0.7', sql: 'sql.js-1.16.0' }))).toEqual({ python: 'pyodide-314.0.7', sql: 'sql.js-1.16.0' }));
  it.each([undefined, 'oops', JSON.stringify({ python: '../x', sql: 3 })])('falls back to the package names for %j', (raw) => expect(parseRuntimeDirs(raw)).toEqual({ python: 'pyodide', sql: 'sql.js' }));
});
