import { appendRoute, ROUTE_HISTORY_LIMIT, type RouteHistoryEntry } from './route-history';

const entry = (n: number): RouteHistoryEntry => ({ pathname: '/web/[page]', asPath: `/web/${n}`, query: { page: String(n) } });

describe('appendRoute', () => {
  it('keeps the last 10 routes, oldest dropped first', () => {
    let history: RouteHistoryEntry[] = [];
    for (let i = 1; i <= 15; i += 1) history = appendRoute(history, entry(i));
    expect(ROUTE_HISTORY_LIMIT).toBe(10);
    expect(history).toHaveLength(10);
    expect(history[0]?.asPath).toBe('/web/6');
    expect(history[9]?.asPath).toBe('/web/15');
  });

  it('keeps pathname, asPath and query', () => {
    expect(appendRoute([], entry(1))).toEqual([{ pathname: '/web/[page]', asPath: '/web/1', query: { page: '1' } }]);
  });

  it('does not count the same URL twice in a row', () => {
    const history = appendRoute(appendRoute([], entry(1)), entry(1));
    expect(history).toHaveLength(1);
  });

  it('does not mutate its input', () => {
    const original = [entry(1)];
    appendRoute(original, entry(2));
    expect(original).toHaveLength(1);
  });
});

