import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundleAppServer, EMPTY_MANIFESTS, writeMissingManifests } from './finish-build';

describe('finishing a Next build', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'finish-build-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const built = (folder: string) => {
    mkdirSync(path.join(folder, 'server'), { recursive: true });
    writeFileSync(path.join(folder, 'BUILD_ID'), 'build-1');
  };

  it('names exactly the manifests Next asks for on each request and treats as {} when missing', () => {
    // If a Next upgrade renames them, this fails rather than the fix silently doing nothing.
    const constants = jest.requireActual<Record<string, string>>('next/dist/shared/lib/constants');
    expect([...EMPTY_MANIFESTS]).toEqual([constants.DYNAMIC_CSS_MANIFEST, path.join('server', `${constants.SUBRESOURCE_INTEGRITY_MANIFEST}.json`)]);
    const routeModule = readFileSync(require.resolve('next/dist/server/route-modules/route-module.js'), 'utf8');
    expect(routeModule).toMatch(/manifest: _constants\.DYNAMIC_CSS_MANIFEST,\s*handleMissing: true/);
    expect(routeModule).toMatch(/manifest: `server\/\$\{_constants\.SUBRESOURCE_INTEGRITY_MANIFEST\}\.json`,\s*handleMissing: true/);
  });

  it('writes {} where a manifest is missing, in the build and its standalone copy, and keeps what exists', () => {
    const dist = path.join(dir, '.next');
    built(dist);
    built(path.join(dist, 'standalone', '.next'));
    writeFileSync(path.join(dist, 'dynamic-css-manifest'), '{"kept":true}');

    const written = writeMissingManifests(dist);

    expect(written.map((file) => path.relative(dist, file)).sort()).toEqual(
      [path.join('server', 'subresource-integrity-manifest.json'), path.join('standalone', '.next', 'dynamic-css-manifest'), path.join('standalone', '.next', 'server', 'subresource-integrity-manifest.json')].sort(),
    );
    expect(readFileSync(path.join(dist, 'dynamic-css-manifest'), 'utf8')).toBe('{"kept":true}');
    for (const file of written) expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({});
    expect(writeMissingManifests(dist)).toEqual([]);
  });

  it('leaves a folder without a build alone', () => {
    expect(writeMissingManifests(path.join(dir, '.next'))).toEqual([]);
    expect(existsSync(path.join(dir, '.next'))).toBe(false);
  });

  it('bundles the app server into plain JavaScript that loads next from node_modules', () => {
    const out = path.join(dir, 'app-server.js');
    bundleAppServer(out);
    const code = readFileSync(out, 'utf8');
    expect(code).toContain('require("next")');
    // The shedding rules are inside the bundle: nothing TypeScript is left to resolve at run time.
    expect(code).toContain('X-Codetrail-Shed');
    expect(code).not.toMatch(/require\("[^"]*(\.ts|src\/domain)[^"]*"\)/);
  });
});
