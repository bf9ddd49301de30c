import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { pageQueries, refetchPageQueries } from '../src/shell/tabs/pageQueries.ts';

/**
 * The tab cache keeps hidden pages mounted; a page shown again refetches the queries it uses —
 * and only those (SPEC.md §2 tabs; PageCache.tsx). A QueryObserver built on a page's client is what
 * react-admin's hooks build when they render inside that page.
 */
describe('queries of a cached page', () => {
  const server = { station: 'v1', customer: 'c1' };
  const observe = (client: QueryClient, key: string, read: () => string) => {
    const observer = new QueryObserver(client, { queryKey: [key], queryFn: async () => read() });
    const seen: string[] = [];
    const unsubscribe = observer.subscribe((r) => {
      if (r.data !== undefined && seen.at(-1) !== r.data) seen.push(r.data);
    });
    return { observer, seen, unsubscribe };
  };
  /** every fetch under way has finished */
  const settled = (client: QueryClient) => Promise.all(client.getQueryCache().getAll().map((q) => q.promise));

  it('records the queries each page uses, and refetches only the shown page’s when it is shown again', async () => {
    const shared = new QueryClient();
    const stations = pageQueries(shared);
    const customers = pageQueries(shared);
    const a = observe(stations.client, 'station', () => server.station);
    const b = observe(customers.client, 'customer', () => server.customer);
    await settled(shared);
    expect(a.seen).toEqual(['v1']);
    expect(b.seen).toEqual(['c1']);
    expect([...stations.hashes]).toEqual(['["station"]']);
    expect([...customers.hashes]).toEqual(['["customer"]']);

    // someone changes both records while the station page is hidden; the station page is shown again
    server.station = 'v2';
    server.customer = 'c2';
    await refetchPageQueries(shared, stations);
    await settled(shared);
    expect(a.seen).toEqual(['v1', 'v2']);
    // the hidden customer page was not refetched
    expect(b.seen).toEqual(['c1']);
    expect(shared.getQueryData(['customer'])).toBe('c1');
    await refetchPageQueries(shared, customers);
    expect(b.seen).toEqual(['c1', 'c2']);
    a.unsubscribe();
    b.unsubscribe();
  });

  it('the page client is the shared client underneath: one cache, data written through it is seen by all', () => {
    const shared = new QueryClient();
    const page = pageQueries(shared);
    page.client.setQueryData(['x'], 1);
    expect(shared.getQueryData(['x'])).toBe(1);
    expect(page.client.getQueryCache()).toBe(shared.getQueryCache());
    expect(page.client).toBeInstanceOf(QueryClient);
  });

  it('forgets queries the cache has dropped, and does nothing for a page without queries', async () => {
    const shared = new QueryClient();
    const page = pageQueries(shared);
    const a = observe(page.client, 'gone', () => 'x');
    await settled(shared);
    a.unsubscribe();
    shared.removeQueries({ queryKey: ['gone'] });
    await refetchPageQueries(shared, page);
    expect(page.hashes.size).toBe(0);
    await expect(refetchPageQueries(shared, pageQueries(shared))).resolves.toBeUndefined();
  });
});
