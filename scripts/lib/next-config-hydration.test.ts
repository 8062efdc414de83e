/**
 * The browser build's `react-dom/client` is ours (src/app/hydration): it starts hydration in a
 * transition. This holds the two things that depend on Next: the alias is in the client build only,
 * and Next's pages-router entry still hydrates through `react-dom/client`'s `default.hydrateRoot`
 * (if an upgrade changes that, the alias would silently stop working).
 */
import fs from 'node:fs';
import path from 'node:path';

type WebpackConfig = { resolve: { alias: Record<string, string> } };

function aliasesFor(isServer: boolean): Record<string, string> {
  const configFor = jest.requireActual<(phase: string) => { webpack: (config: WebpackConfig, options: { isServer: boolean }) => WebpackConfig }>(
    path.resolve('next.config.js'),
  );
  return configFor('phase-production-build').webpack({ resolve: { alias: {} } }, { isServer }).resolve.alias;
}

describe('next.config.js: hydration in a transition', () => {
  it('points the browser build’s react-dom/client at ours, and ours at React’s', () => {
    const alias = aliasesFor(false);
    expect(alias['react-dom/client$']).toBe(path.resolve('src/app/hydration/react-dom-client.ts'));
    expect(alias['react-dom-client-unaliased$']).toBe(require.resolve('react-dom/client'));
    expect(fs.existsSync(alias['react-dom/client$'] ?? '')).toBe(true);
  });

  it('leaves the server build alone', () => {
    expect(aliasesFor(true)['react-dom/client$']).toBeUndefined();
  });

  it('matches how Next’s pages router hydrates (its client entry)', () => {
    const entry = fs.readFileSync(require.resolve('next/dist/client/index.js'), 'utf8');
    expect(entry).toContain('const _client = /*#__PURE__*/ _interop_require_default._(require("react-dom/client"));');
    expect(entry).toContain('_client.default.hydrateRoot(domEl, reactEl');
  });
});
